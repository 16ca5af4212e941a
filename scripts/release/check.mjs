// Release checks, offline and without git history (as `pnpm test:release` runs them):
//
//   node scripts/release/check.mjs
//
// 1. .changeset/config.json: public access, and every private workspace package (bench,
//    conformance, integration) ignored and never versioned.
// 2. Every publishable package has a CHANGELOG.md in the changesets format: `# <name>`, then
//    `## <version>` sections, newest first, the first one being package.json's version.
// 3. `changeset version` in a copy of the workspace's manifests, with the repository's pending
//    changesets: it must accept them.
// 4. The same with one made-up changeset (`@paysign/oauth-core`: minor) instead: oauth-core gets the
//    next minor version, every package that depends on it (directly, or through another package
//    that does, as @paysign/bulk through @paysign/gateway) a patch, the private packages nothing;
//    the changelog gains the new section above the old ones, kept as they were; and
//    scripts/jsr/sync-versions.mjs then gives each jsr.json its package.json's version.
// Prints one line per check and `release: N passed, N failed`; exits non-zero on any failure.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { exec, publishablePackages, root } from '../packaging/workspace.mjs';
import { createCheckReport } from '../lib/check-report.mjs';

const checks = createCheckReport('release');
const report = checks.report;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const changesetBin = join(root, 'node_modules/@changesets/cli/bin.js');
const workspaceFolders = ['packages', 'bench', 'conformance', 'integration'];
/** Every workspace package (publishable or private): { folder, manifest }. */
const workspacePackages = workspaceFolders.flatMap((top) =>
  existsSync(join(root, top, 'package.json'))
    ? [{ folder: top, manifest: readJson(join(root, top, 'package.json')) }]
    : readdirSync(join(root, top))
        .filter((name) => existsSync(join(root, top, name, 'package.json')))
        .map((name) => ({ folder: `${top}/${name}`, manifest: readJson(join(root, top, name, 'package.json')) })),
);
const publishable = publishablePackages();

// 1. the configuration
{
  const config = readJson(join(root, '.changeset/config.json'));
  const problems = [];
  if (config.access !== 'public') problems.push(`access is ${config.access}, not public`);
  if (config.baseBranch !== 'main') problems.push(`baseBranch is ${config.baseBranch}, not main`);
  if (config.privatePackages?.version !== false) problems.push('privatePackages.version must be false');
  const names = new Set(workspacePackages.map((pkg) => pkg.manifest.name));
  for (const name of config.ignore ?? []) if (!names.has(name)) problems.push(`ignore names ${name}, which is not a workspace package`);
  for (const { manifest } of workspacePackages) {
    if (manifest.private && !config.ignore?.includes(manifest.name)) problems.push(`${manifest.name} is private but not ignored`);
  }
  report('.changeset/config.json: public access, private packages ignored', problems.length === 0, problems.join('\n'));
}

// 2. the changelogs
for (const pkg of publishable) {
  const file = join(pkg.dir, 'CHANGELOG.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const versions = [...text.matchAll(/^## (\S+)$/gm)].map((match) => match[1]);
  const problems = [];
  if (!text.startsWith(`# ${pkg.name}\n`)) problems.push(`must begin with "# ${pkg.name}" (the line changesets writes after)`);
  if (versions[0] !== pkg.manifest.version) problems.push(`first section is ${versions[0] ?? 'missing'}, package.json says ${pkg.manifest.version}`);
  const invalid = versions.filter((version) => !/^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(version));
  if (invalid.length > 0) problems.push(`not a version: ${invalid.join(', ')}`);
  for (let i = 1; i < versions.length; i++) {
    if (compare(versions[i - 1], versions[i]) <= 0) problems.push(`${versions[i - 1]} is above ${versions[i]}, not newer`);
  }
  report(`${pkg.name}: CHANGELOG.md in the changesets format, at ${pkg.manifest.version}`, problems.length === 0, problems.join('\n'));
}

// 3. the pending changesets
{
  const pending = readdirSync(join(root, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md');
  const copy = copyWorkspace(pending);
  try {
    const result = await exec(process.execPath, [changesetBin, 'version'], { cwd: copy });
    report(
      `changeset version accepts the pending changesets (${pending.length})`,
      result.code === 0,
      result.code === 0 ? '' : `${result.stdout}${result.stderr}`.trim(),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

// 4. a release, end to end
{
  const copy = copyWorkspace([]);
  try {
    const summary = 'A made-up minor change of the release check.';
    writeFileSync(join(copy, '.changeset/release-check.md'), `---\n'@paysign/oauth-core': minor\n---\n\n${summary}\n`);
    const version = await exec(process.execPath, [changesetBin, 'version'], { cwd: copy });
    const sync = await exec(process.execPath, [join(root, 'scripts/jsr/sync-versions.mjs'), copy]);
    const problems = [];
    if (version.code !== 0) problems.push(`changeset version failed:\n${version.stdout}${version.stderr}`);
    if (sync.code !== 0) problems.push(`sync-versions failed:\n${sync.stdout}${sync.stderr}`);
    // The packages that depend on oauth-core, directly or through another one (changesets bumps both).
    const runtimeDependencies = (manifest) => Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    const dependents = new Set(['@paysign/oauth-core']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const { manifest } of workspacePackages) {
        if (!dependents.has(manifest.name) && runtimeDependencies(manifest).some((name) => dependents.has(name))) {
          dependents.add(manifest.name);
          grew = true;
        }
      }
    }
    for (const { folder, manifest } of workspacePackages) {
      const after = readJson(join(copy, folder, 'package.json')).version;
      const dependsOnCore = dependents.has(manifest.name);
      const expected = manifest.private
        ? manifest.version
        : manifest.name === '@paysign/oauth-core'
          ? bump(manifest.version, 'minor')
          : dependsOnCore
            ? bump(manifest.version, 'patch')
            : manifest.version;
      if (after !== expected) problems.push(`${manifest.name}: ${manifest.version} became ${after}, expected ${expected}`);
      const jsrFile = join(copy, folder, 'jsr.json');
      if (existsSync(jsrFile) && readJson(jsrFile).version !== after)
        problems.push(`${manifest.name}: jsr.json is at ${readJson(jsrFile).version}, package.json at ${after}`);
    }
    const core = publishable.find((pkg) => pkg.name === '@paysign/oauth-core');
    const before = readFileSync(join(core.dir, 'CHANGELOG.md'), 'utf8');
    const after = readFileSync(join(copy, 'packages/oauth-core/CHANGELOG.md'), 'utf8');
    const head = `# @paysign/oauth-core\n\n## ${bump(core.manifest.version, 'minor')}\n\n### Minor Changes\n\n- ${summary}\n\n`;
    if (!after.startsWith(head)) problems.push(`the changelog does not begin with the new section:\n${after.slice(0, 300)}`);
    if (!after.endsWith(before.slice(before.indexOf('\n## ')))) problems.push('the changelog lost or changed its earlier sections');
    report('a release: changeset version, then jsr.json versions follow', problems.length === 0, problems.join('\n'));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

process.exit(checks.finish() === 0 ? 0 : 1);

/**
 * A copy of what `changeset version` reads and writes (the root and workspace manifests, the
 * changelogs, the jsr.json files, .changeset/config.json and the named changesets) in a temp
 * directory, with the project's node_modules linked for the changelog generator.
 */
function copyWorkspace(changesets) {
  const copy = mkdtempSync(join(tmpdir(), 'paysign-release-'));
  const take = (file) => {
    if (!existsSync(join(root, file))) return;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  };
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json', ...changesets.map((name) => `.changeset/${name}`)]) take(file);
  for (const { folder } of workspacePackages) for (const name of ['package.json', 'CHANGELOG.md', 'jsr.json']) take(`${folder}/${name}`);
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

/** The next version: `minor` or `patch`. */
function bump(version, kind) {
  const [major, minor, patch] = version.split(/[.-]/).map(Number);
  return kind === 'minor' ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
}

/** Compares two x.y.z versions (pre-release tags ignored): negative, zero or positive. */
function compare(a, b) {
  const [x, y] = [a, b].map((version) => version.split(/[.-]/).slice(0, 3).map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}
