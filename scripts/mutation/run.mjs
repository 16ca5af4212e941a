// `pnpm test:mutation`: Stryker 10 over @paysign/oauth-core's src/ (stryker.config.mjs), run with
// the Node 22 that the conformance package installs (Stryker 10 needs Node >= 22; the host may be
// Node 20), then a per-folder table of that run into reports/mutation/latest-run.md.
// Extra arguments go to `stryker run` (e.g. `pnpm test:mutation --force` for a full rerun).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nodeBinary, platform } from '../../conformance/runtimes/node-binaries.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
// `--config <file>`: a Stryker configuration other than stryker.config.mjs (e.g. stryker.hot-paths.config.mjs);
// the summary then reads that configuration's JSON report and writes <report>.latest-run.md beside it.
const configAt = process.argv.indexOf('--config');
const config = configAt < 0 ? 'stryker.config.mjs' : process.argv.splice(configAt, 2)[1];
const report = configAt < 0 ? undefined : (await import(new URL(`../../${config}`, import.meta.url).href)).default.jsonReporter.fileName;
const summaryArgs = report === undefined ? [] : [report];
if (report !== undefined) process.env.MUTATION_SUMMARY = report.replace(/\.json$/, '.latest-run.md');
const major = Number(process.versions.node.split('.')[0]);
const node = major >= 22 ? process.execPath : nodeBinary(22);
if (node === undefined || !existsSync(node)) {
  console.error(`Stryker needs Node >= 22: run it with Node 22+, or run pnpm install (the Node 22 package for ${platform})`);
  process.exit(1);
}
const stryker = fileURLToPath(new URL('../../node_modules/@stryker-mutator/core/bin/stryker.js', import.meta.url));
const run = spawnSync(node, [stryker, 'run', config, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
const summary = spawnSync(process.execPath, [fileURLToPath(new URL('./summary.mjs', import.meta.url)), ...summaryArgs], { cwd: root, stdio: 'inherit' });
process.exit(summary.status ?? 1);
