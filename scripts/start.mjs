// `pnpm start`: builds what the story runs, quietly, then runs the story (packages/cli/demo/story.mjs).
//
// The story needs the JavaScript of @paysign/cli and of the workspace packages it depends on, not
// their declarations (`pnpm build` makes those, for type-checkers and the packaging checks), so a
// package is built here without them, and only when its dist is older than its sources or missing.
// The build prints one line per package it builds, nothing for one that is up to date; a failing
// build prints its whole output and `pnpm start` exits with its code. Arguments go to the story
// (`pnpm start --yes`).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packagesDir = join(root, 'packages');

/** The workspace packages by name: their directory, manifest and @paysign dependencies. */
const workspace = new Map(
  readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(packagesDir, entry.name, 'package.json')))
    .map((entry) => {
      const dir = join(packagesDir, entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const deps = Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith('@paysign/'));
      return [manifest.name, { dir, manifest, deps }];
    }),
);

/** @paysign/cli and everything of the workspace it depends on, dependencies first. */
function storyPackages() {
  const order = [];
  const visit = (name) => {
    const pkg = workspace.get(name);
    if (!pkg || order.includes(name)) return;
    for (const dep of pkg.deps) visit(dep);
    order.push(name);
  };
  visit('@paysign/cli');
  return order;
}

/** The newest modification time (ms) under the given paths, files only; 0 when none exists. */
function newest(paths) {
  let time = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) walk(join(path, entry));
    } else if (stat.mtimeMs > time) {
      time = stat.mtimeMs;
    }
  };
  for (const path of paths) walk(path);
  return time;
}

/** The oldest modification time of the package's built entry files; 0 when one is missing. */
function builtAt({ dir, manifest }) {
  const files = new Set();
  const collect = (target) => {
    if (typeof target === 'string') {
      if (target.endsWith('.js')) files.add(join(dir, target));
    } else if (target && typeof target === 'object') {
      for (const value of Object.values(target)) collect(value);
    }
  };
  collect(manifest.exports);
  if (typeof manifest.bin === 'string') files.add(join(dir, manifest.bin));
  else collect(manifest.bin);
  let oldest = Number.POSITIVE_INFINITY;
  for (const file of files) {
    if (!existsSync(file)) return 0;
    oldest = Math.min(oldest, statSync(file).mtimeMs);
  }
  return files.size === 0 ? 0 : oldest;
}

/** Whether the package must be built: a missing entry, or a source, its config or a dependency's build newer than its dist. */
function stale(name, rebuilt) {
  const pkg = workspace.get(name);
  const built = builtAt(pkg);
  if (built === 0 || pkg.deps.some((dep) => rebuilt.has(dep))) return true;
  const inputs = ['src', 'scripts', 'package.json', 'tsup.config.ts', 'tsconfig.json'].map((path) => join(pkg.dir, path));
  inputs.push(join(root, 'scripts', 'build'), join(root, 'tsconfig.base.json'));
  // The emulator's build writes src/debugger/debugger-bundle.generated.ts before tsup, so that
  // file is always a little older than its dist: it counts like any source.
  return newest(inputs) > built;
}

/** Runs the package's build script with its declarations off; resolves to its exit code and output. */
function build(name) {
  const { dir, manifest } = workspace.get(name);
  const started = performance.now();
  return new Promise((resolve) => {
    const bins = [join(dir, 'node_modules', '.bin'), join(root, 'node_modules', '.bin')];
    const child = spawn(manifest.scripts.build, {
      cwd: dir,
      shell: true,
      env: { ...process.env, PATH: [...bins, process.env.PATH].join(delimiter), PAYSIGN_BUILD_DECLARATIONS: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      resolve({ code: code ?? 1, output: Buffer.concat(output).toString(), seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** Builds the stale packages, each as soon as its dependencies are done, a few at a time. */
async function buildStale() {
  const order = storyPackages();
  const rebuilt = new Set();
  const done = new Set();
  const running = new Map();
  const limit = Math.max(1, Math.min(availableParallelism(), 4));
  const pending = [...order];
  while (pending.length > 0 || running.size > 0) {
    const ready = pending.filter((name) => workspace.get(name).deps.every((dep) => done.has(dep) || !order.includes(dep)));
    for (const name of ready) {
      if (running.size >= limit) break;
      pending.splice(pending.indexOf(name), 1);
      if (!stale(name, rebuilt)) {
        done.add(name);
        continue;
      }
      running.set(
        name,
        build(name).then((result) => ({ name, ...result })),
      );
    }
    if (running.size === 0) {
      if (ready.length === 0) throw new Error(`paysign start: no package can be built next (${pending.join(', ')})`);
      continue;
    }
    const result = await Promise.race(running.values());
    running.delete(result.name);
    if (result.code !== 0) {
      process.stderr.write(`${result.output}\npaysign: building ${result.name} failed (exit code ${result.code}); the story did not start.\n`);
      await Promise.allSettled(running.values());
      process.exit(result.code);
    }
    rebuilt.add(result.name);
    done.add(result.name);
    process.stdout.write(`built ${result.name} (${result.seconds.toFixed(1)} s)\n`);
  }
}

await buildStale();
const story = spawn(process.execPath, [join(root, 'packages', 'cli', 'demo', 'story.mjs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
story.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
