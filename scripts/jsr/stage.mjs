// The packages' TypeScript entry points, and a staging copy of them for Deno's tools.
//
// `deno publish` and `deno doc` never run inside the repository: Deno reads pnpm-workspace.yaml
// and "migrates" it by rewriting the root package.json, and its tsconfig/package.json discovery
// would mix npm and JSR resolution. Instead the packages' sources are copied into a temporary
// Deno workspace (one member per package, `@paysign/*` imports resolved between members, npm
// dependencies read from the project's own node_modules through symlinks), so nothing is
// downloaded and no tracked file can change.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { exec, publishablePackages, root, runtimeBin } from '../packaging/workspace.mjs';

export { exec, root };
export const deno = runtimeBin('deno');

/**
 * npm subpaths that JSR leaves out, with the source file the documentation reads and why. Every
 * other npm subpath of a package with a jsr.json must be in its JSR exports.
 */
export const notOnJsr = {
  '@paysign/emulator': {
    './node': { source: './src/node.ts', reason: 'the Node HTTP server and file loading (@hono/node-server): Node only' },
  },
  '@paysign/cli': {
    '.': { source: './src/index.ts', reason: 'the `paysign` command for Node, not a runtime-neutral library' },
  },
  '@paysign/gateway': {
    './opentelemetry': {
      source: './src/opentelemetry.ts',
      reason: 'spans on @opentelemetry/api, an optional peer dependency, which a JSR package cannot declare as optional',
    },
  },
};

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** tsup's entries (`{ node: 'src/entries/node.ts' }`) read from a package's tsup.config.ts. */
function tsupEntries(dir) {
  const text = readFileSync(join(dir, 'tsup.config.ts'), 'utf8');
  const entries = {};
  for (const block of text.matchAll(/entry:\s*\{([^}]*)\}/g)) {
    for (const [, , name, source] of block[1].matchAll(/(['"]?)([\w.-]+)\1\s*:\s*['"]([^'"]+)['"]/g)) entries[name] = `./${source}`;
  }
  return entries;
}

/** The file an npm export points to under the `default` condition (`./dist/auto.js`). */
function npmDefaultTarget(value) {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return npmDefaultTarget(value.default);
  return undefined;
}

/**
 * Every publishable package with its npm export subpaths, its JSR config (when it has a
 * jsr.json) and the TypeScript source of each subpath: JSR's export, or `notOnJsr`'s.
 */
export function packagesWithSources() {
  return publishablePackages().map((pkg) => {
    const jsrFile = join(pkg.dir, 'jsr.json');
    const jsr = existsSync(jsrFile) ? readJson(jsrFile) : undefined;
    const npmExports = Object.fromEntries(Object.entries(pkg.manifest.exports ?? {}).filter(([subpath]) => !subpath.endsWith('.json')));
    const extra = notOnJsr[pkg.name] ?? {};
    const sources = { ...(jsr?.exports ?? {}), ...Object.fromEntries(Object.entries(extra).map(([subpath, { source }]) => [subpath, source])) };
    return { ...pkg, folder: pkg.dir.split('/').pop(), jsr, npmExports, sources, tsup: tsupEntries(pkg.dir) };
  });
}

/**
 * Checks that a package's TypeScript entry points are the sources of its npm exports: the same
 * subpaths (JSR's plus `notOnJsr`), each the tsup entry whose build the npm export points to.
 * Returns the problems found (empty when consistent).
 */
export function entryPointProblems(pkg) {
  const problems = [];
  const npmSubpaths = Object.keys(pkg.npmExports).sort();
  const sourceSubpaths = Object.keys(pkg.sources).sort();
  if (npmSubpaths.join() !== sourceSubpaths.join()) {
    problems.push(`subpaths differ: npm ${npmSubpaths.join(' ')}; sources ${sourceSubpaths.join(' ')}`);
  }
  for (const [subpath, source] of Object.entries(pkg.sources)) {
    const target = npmDefaultTarget(pkg.npmExports[subpath]);
    const built = target?.match(/^\.\/dist\/(.+)\.js$/)?.[1];
    if (built === undefined) continue; // reported above as a missing subpath
    if (pkg.tsup[built] !== source) problems.push(`${subpath}: npm's ${target} is built from ${pkg.tsup[built] ?? 'no tsup entry'}, not ${source}`);
    if (!existsSync(join(pkg.dir, source))) problems.push(`${subpath}: ${source} does not exist`);
  }
  return problems;
}

/** The npm dependencies and peer dependencies (not `workspace:`) of a package, name -> range: what its `npm:` imports may name. */
export function npmDependencies(manifest) {
  const all = { ...manifest.peerDependencies, ...manifest.dependencies };
  return Object.fromEntries(Object.entries(all).filter(([, range]) => !String(range).startsWith('workspace:')));
}

/**
 * Copies packages into a fresh Deno workspace under the system's temp directory and returns
 * `{ dir, members, remove() }`. Each member gets `configName` (jsr.json for publishing, deno.json
 * for `deno doc`, which reads only deno.json in a workspace) with `config(pkg)` as its content.
 * The workspace's node_modules links the members' npm dependencies and peer dependencies, and @types/node (which Deno
 * uses for `node:` imports) to the project's installed copies.
 */
export function stage(packages, { configName, config }) {
  // The real path: Deno reports files by it (macOS's temp directory is reached through a symlink).
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'paysign-deno-')));
  try {
    const link = (name, from) => {
      const target = join(dir, 'node_modules', name);
      if (existsSync(target)) return;
      const installed = join(from, 'node_modules', name);
      if (!existsSync(installed)) throw new Error(`${name} is not installed in ${from}: run the install first`);
      mkdirSync(dirname(target), { recursive: true });
      symlinkSync(realpathSync(installed), target, 'dir');
    };
    link('@types/node', root);
    for (const pkg of packages) {
      const to = join(dir, pkg.folder);
      cpSync(join(pkg.dir, 'src'), join(to, 'src'), { recursive: true });
      for (const file of ['README.md', 'LICENSE']) if (existsSync(join(pkg.dir, file))) cpSync(join(pkg.dir, file), join(to, file));
      writeFileSync(join(to, configName), `${JSON.stringify(config(pkg), null, 2)}\n`);
      // Peer dependencies too (installed as the package's devDependencies): an entry that only npm
      // carries, such as the gateway's ./opentelemetry, is still documented.
      for (const name of Object.keys({ ...npmDependencies(pkg.manifest), ...pkg.manifest.peerDependencies })) link(name, pkg.dir);
    }
    // nodeModulesDir "manual": use the node_modules above, never install into it.
    const workspace = { workspace: packages.map((pkg) => `./${pkg.folder}`), nodeModulesDir: 'manual', lock: false };
    writeFileSync(join(dir, 'deno.json'), `${JSON.stringify(workspace, null, 2)}\n`);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, members: packages, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The environment Deno runs in for the checks: its own empty cache directory, and every registry
 * and proxy pointed at a closed port, so that a run needing the network fails instead of
 * downloading (`NO_PROXY` lets a local server through).
 */
export function offlineEnv(stagingDir) {
  const closed = 'http://127.0.0.1:9';
  return {
    DENO_DIR: join(stagingDir, '.deno-cache'),
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
    HTTP_PROXY: closed,
    HTTPS_PROXY: closed,
    NO_PROXY: '127.0.0.1,localhost',
    NPM_CONFIG_REGISTRY: `${closed}/`,
    JSR_URL: closed,
  };
}

/**
 * The repository's configuration files that a Deno run could rewrite (package.json files,
 * workspace and tool configs), with their contents: compare a snapshot taken before and after.
 */
export function configSnapshot() {
  const files = [
    'package.json',
    'pnpm-workspace.yaml',
    'pnpm-lock.yaml',
    'tsconfig.json',
    'tsconfig.base.json',
    'deno.json',
    'deno.jsonc',
    'deno.lock',
    ...publishablePackages().flatMap((pkg) => {
      const rel = pkg.dir.slice(root.length);
      return [`${rel}/package.json`, `${rel}/jsr.json`, `${rel}/deno.json`, `${rel}/deno.lock`, `${rel}/tsconfig.json`];
    }),
  ];
  return Object.fromEntries(files.map((file) => [file, existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : null]));
}

/** The files whose content differs between two snapshots. */
export function changedFiles(before, after) {
  return Object.keys(before).filter((file) => before[file] !== after[file]);
}
