// `pnpm test:mutation [--target <name>] [stryker options]`: Stryker 10 over one target of
// scripts/mutation/targets.mjs (default `oauth-core`; the money paths are `gateway-send`,
// `edge-handle` and `emulator-verify`), run with the Node 22 that the conformance package installs
// (Stryker 10 needs Node >= 22; the host may be Node 20), then a per-folder table of that run into
// the target's latest-run file under reports/mutation/. Other arguments go to `stryker run` (e.g.
// `--force` for a full rerun, `--mutate 'a.ts,b.ts'` for part of the target: one flag, comma-separated).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nodeBinary, platform } from '../../conformance/runtimes/node-binaries.mjs';
import { TARGETS } from './targets.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
// `--config <file>`: a Stryker configuration other than scripts/mutation/stryker.config.mjs (e.g.
// scripts/mutation/stryker.hot-paths.config.mjs), relative to the repository root;
// the summary then reads that configuration's JSON report and writes <report>.latest-run.md beside it.
const configAt = process.argv.indexOf('--config');
const config = configAt < 0 ? 'scripts/mutation/stryker.config.mjs' : process.argv.splice(configAt, 2)[1];
const report = configAt < 0 ? undefined : (await import(new URL(`../../${config}`, import.meta.url).href)).default.jsonReporter.fileName;
const summaryArgs = report === undefined ? [] : [report];
if (report !== undefined) process.env.MUTATION_SUMMARY = report.replace(/\.json$/, '.latest-run.md');
const args = process.argv.slice(2);
let name = 'oauth-core';
const at = args.findIndex((arg) => arg === '--target' || arg.startsWith('--target='));
if (at >= 0) {
  const separate = args[at] === '--target';
  name = separate ? (args[at + 1] ?? '') : args[at].slice('--target='.length);
  args.splice(at, separate ? 2 : 1);
}
if (!Object.hasOwn(TARGETS, name)) {
  console.error(`unknown target "${name}"; the targets are:`);
  for (const [key, target] of Object.entries(TARGETS)) console.error(`  ${key}: ${target.description}`);
  process.exit(2);
}
const major = Number(process.versions.node.split('.')[0]);
const node = major >= 22 ? process.execPath : nodeBinary(22);
if (node === undefined || !existsSync(node)) {
  console.error(`Stryker needs Node >= 22: run it with Node 22+, or run pnpm install (the Node 22 package for ${platform})`);
  process.exit(1);
}
const env = { ...process.env, PAYSIGN_MUTATION_TARGET: name };
const stryker = fileURLToPath(new URL('../../node_modules/@stryker-mutator/core/bin/stryker.js', import.meta.url));
const run = spawnSync(node, [stryker, 'run', config, ...args], { cwd: root, stdio: 'inherit', env });
if (run.status !== 0) process.exit(run.status ?? 1);
const summary = spawnSync(process.execPath, [fileURLToPath(new URL('./summary.mjs', import.meta.url)), ...summaryArgs], { cwd: root, stdio: 'inherit', env });
process.exit(summary.status ?? 1);
