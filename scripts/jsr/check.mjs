// JSR checks for every package with a jsr.json (run after `pnpm build`, as `pnpm test:jsr`):
//
//   node scripts/jsr/check.mjs             # the checks, offline
//   node scripts/jsr/check.mjs --publish   # the checks, then the real `deno publish` (see README "Releasing")
//
// 1. jsr.json agrees with package.json: name, version, the same subpaths as the npm exports (less
//    `notOnJsr` in stage.mjs), each the TypeScript source tsup builds that npm export from, and an
//    `npm:` import for each npm dependency the sources import, at package.json's range.
// 2. `deno publish --dry-run` of the whole workspace (no --allow-slow-types), in a staging copy.
// 3. The same publish against a local stand-in for the registry, which keeps the tarballs: each holds
//    jsr.json, README.md, LICENSE and src/**/*.ts only (less the files publish.exclude names), and every import in it is relative with a
//    `.ts` extension (deno rewrote the sources' `./x.js`, see --sloppy-imports below), `node:`,
//    `jsr:@paysign/<member>@^<its version>`, or `npm:<dependency>@<package.json range>`.
// 4. No configuration file of the repository changed (Deno must never touch the tree).
// Prints one line per check and `jsr: N passed, N failed`; exits non-zero on any failure.
//
// --sloppy-imports: the sources import `./x.js` for `./x.ts` (what TypeScript's NodeNext
// resolution and tsup want); with the flag deno resolves them and rewrites them to `./x.ts` in
// what it uploads (step 3 checks this), so the sources need no second spelling.
import { createServer } from 'node:http';
import { readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gunzipSync } from 'node:zlib';
import ts from 'typescript';
import { changedFiles, configSnapshot, deno, entryPointProblems, exec, npmDependencies, offlineEnv, packagesWithSources, stage } from './stage.mjs';
import { createCheckReport } from '../lib/check-report.mjs';

const publish = process.argv.includes('--publish');
const publishArgs = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];

const checks = createCheckReport('jsr');
const report = checks.report;

const before = configSnapshot();
const packages = packagesWithSources().filter((pkg) => pkg.jsr);
const members = new Map(packages.map((pkg) => [pkg.name, pkg]));

// 1. jsr.json against package.json and the sources
for (const pkg of packages) {
  const problems = entryPointProblems(pkg);
  if (pkg.jsr.name !== pkg.name) problems.push(`name ${pkg.jsr.name}, package.json says ${pkg.name}`);
  if (pkg.jsr.version !== pkg.manifest.version) problems.push(`version ${pkg.jsr.version}, package.json says ${pkg.manifest.version}`);
  if (!pkg.jsr.publish?.include?.includes('src/**/*.ts')) problems.push('publish.include must list src/**/*.ts (and README.md, LICENSE)');
  const dependencies = npmDependencies(pkg.manifest);
  for (const [specifier, target] of Object.entries(pkg.jsr.imports ?? {})) {
    const dependency = Object.keys(dependencies).find((name) => specifier === name || specifier.startsWith(`${name}/`));
    const expected = dependency && `npm:${dependency}@${dependencies[dependency]}${specifier.slice(dependency.length)}`;
    if (target !== expected) problems.push(`imports["${specifier}"] is ${target}; expected ${expected ?? 'a dependency of package.json'}`);
  }
  for (const name of Object.keys(pkg.manifest.dependencies ?? {})) {
    if (name.startsWith('@paysign/') && !members.has(name)) problems.push(`depends on ${name}, which has no jsr.json`);
  }
  report(`${pkg.name}: jsr.json matches package.json and the npm exports`, problems.length === 0, problems.join('\n'));
}

const staged = stage(packages, { configName: 'jsr.json', config: (pkg) => pkg.jsr });
try {
  const env = offlineEnv(staged.dir);

  // 2. the dry run, slow types refused
  const dry = await exec(deno, ['publish', '--dry-run', '--sloppy-imports'], { cwd: staged.dir, env });
  const dryOutput = `${dry.stdout}${dry.stderr}`;
  const checkedSlowTypes = dryOutput.includes('Checking for slow types in the public API');
  report(
    `deno publish --dry-run (${packages.length} packages, no slow types)`,
    dry.code === 0 && checkedSlowTypes,
    dry.code === 0 && checkedSlowTypes ? '' : dryOutput.replace(/^ {3}file:.*\n/gm, '').trim(),
  );

  // 3. what would be uploaded
  if (dry.code === 0) {
    const { tarballs, output } = await publishToStandIn(staged.dir, env);
    for (const pkg of packages) {
      const tarball = tarballs.get(pkg.name);
      const problems = tarball ? tarballProblems(pkg, tarball) : [`not uploaded\n${output}`];
      report(`${pkg.name}: the uploaded files and their imports`, problems.length === 0, problems.join('\n'));
    }
  }

  // 4. the tree
  const changed = changedFiles(before, configSnapshot());
  report('no configuration file of the repository changed', changed.length === 0, changed.join('\n'));

  if (publish && checks.failed() === 0) {
    const { DENO_DIR, NO_COLOR } = env;
    const real = await exec(deno, ['publish', '--sloppy-imports', ...publishArgs], { cwd: staged.dir, env: { DENO_DIR, NO_COLOR }, timeout: 30 * 60_000 });
    console.log(`${real.stdout}${real.stderr}`.replace(/^ {3}file:.*\n/gm, '').trim());
    report('deno publish', real.code === 0);
  }
} finally {
  staged.remove();
}

process.exit(checks.finish() === 0 ? 0 : 1);

/**
 * Runs `deno publish` against a local server that answers like the registry for a first
 * publication and keeps each uploaded tarball: `{ tarballs: Map<name, files>, output }`.
 */
async function publishToStandIn(cwd, env) {
  const uploads = new Map();
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url, 'http://localhost').pathname;
      const version = path.match(/^\/api\/scopes\/([^/]+)\/packages\/([^/]+)\/versions\/[^/]+$/);
      const reply = (status, body) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (version && request.method === 'GET') return reply(404, { code: 'packageVersionNotFound', message: 'not published yet' });
      if (version && request.method === 'POST') {
        uploads.set(`@${version[1]}/${version[2]}`, Buffer.concat(chunks));
        return reply(200, { id: `${version[1]}-${version[2]}`, status: 'success', error: null });
      }
      if (request.method === 'GET' && path.startsWith('/api/scopes/')) return reply(200, {});
      return reply(404, { code: 'notFound', message: `the stand-in does not serve ${request.method} ${path}` });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address();
    const result = await exec(deno, ['publish', '--token', 'offline-check', '--no-check', '--sloppy-imports', '--allow-dirty', '--no-provenance'], {
      cwd,
      env: { ...env, JSR_URL: `http://127.0.0.1:${port}`, DISABLE_JSR_PROVENANCE: '1' },
    });
    const tarballs = new Map([...uploads].map(([name, gzipped]) => [name, untar(gunzipSync(gzipped))]));
    return { tarballs, output: `${result.stdout}${result.stderr}`.trim() };
  } finally {
    server.close();
  }
}

/** The regular files of a tar archive (ustar, GNU long names, pax paths): Map<path, Buffer>. */
function untar(buffer) {
  const files = new Map();
  let longName;
  for (let offset = 0; offset + 512 <= buffer.length; ) {
    const header = buffer.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start, length) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const body = buffer.subarray(offset + 512, offset + 512 + size);
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = undefined;
    if (type === 'L') longName = body.toString('utf8').replace(/\0.*$/s, '');
    else if (type === 'x') longName = body.toString('utf8').match(/\d+ path=([^\n]*)\n/)?.[1];
    else if (type === '0' || type === '') files.set(name.replace(/^\.?\//, ''), Buffer.from(body));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** What is wrong with a package's uploaded files (empty when nothing is). */
function tarballProblems(pkg, files) {
  const problems = [];
  const excluded = new Set(pkg.jsr.publish?.exclude ?? []);
  const expected = ['jsr.json', 'LICENSE', 'README.md', ...sourceFiles(pkg.dir).filter((file) => !excluded.has(file))].sort();
  const actual = [...files.keys()].sort();
  const missing = expected.filter((file) => !files.has(file));
  const extra = actual.filter((file) => !expected.includes(file));
  if (missing.length > 0) problems.push(`missing: ${missing.join(' ')}`);
  if (extra.length > 0) problems.push(`not expected: ${extra.join(' ')}`);
  const dependencies = npmDependencies(pkg.manifest);
  for (const [file, content] of files) {
    if (!file.endsWith('.ts')) continue;
    for (const specifier of importSpecifiers(file, content.toString('utf8'))) {
      const problem = specifierProblem(specifier, file, files, dependencies);
      if (problem) problems.push(`${file}: '${specifier}' ${problem}`);
    }
  }
  return problems;
}

/**
 * The module specifiers a TypeScript file imports and re-exports (`import`, `export ... from`,
 * `import()`, `import('...')` types), read from its syntax tree: never from comments or strings.
 */
function importSpecifiers(fileName, text) {
  const specifiers = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return specifiers;
}

/** Why an import specifier in an uploaded file would not resolve for a JSR user, or undefined. */
function specifierProblem(specifier, file, files, dependencies) {
  if (specifier.startsWith('.')) {
    if (!specifier.endsWith('.ts')) return 'is relative without .ts: not rewritten (a bare import missing from jsr.json "imports" comes out so)';
    return files.has(posix.join(posix.dirname(file), specifier)) ? undefined : 'points to no uploaded file';
  }
  if (specifier.startsWith('node:')) return undefined;
  const jsr = specifier.match(/^jsr:(@paysign\/[^@/]+)@\^([^/]+)(\/.*)?$/);
  if (jsr) {
    const member = members.get(jsr[1]);
    if (!member) return 'names a package that is not published to JSR';
    if (jsr[2] !== member.jsr.version) return `asks for ^${jsr[2]}, the workspace has ${member.jsr.version}`;
    return member.jsr.exports[`.${jsr[3] ?? ''}`] ? undefined : `names an export ${member.name} does not have`;
  }
  const npm = specifier.match(/^npm:((?:@[^/@]+\/)?[^/@]+)@([^/]+)(\/.*)?$/);
  if (npm) return dependencies[npm[1]] === npm[2] ? undefined : `does not match package.json (${npm[1]}: ${dependencies[npm[1]] ?? 'not a dependency'})`;
  return 'is a bare specifier: add it to jsr.json "imports" (as npm:<name>@<range>/<path>)';
}

/** The package's src/**\/*.ts files, relative to the package (src/...). */
function sourceFiles(dir) {
  return readdirSync(join(dir, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) =>
      posix.join(
        join(entry.parentPath ?? entry.path, entry.name)
          .slice(dir.length + 1)
          .split('\\')
          .join('/'),
      ),
    );
}
