// `pnpm test:mutation`: Stryker 10 over @paysign/oauth-core's src/ (stryker.config.mjs), run with
// the Node 22 that the conformance package installs (Stryker 10 needs Node >= 22; the host may be
// Node 20), then a per-folder summary into reports/mutation/summary.md.
// Extra arguments go to `stryker run` (e.g. `pnpm test:mutation --force` for a full rerun).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const major = Number(process.versions.node.split('.')[0]);
const node22 = fileURLToPath(new URL('../../conformance/node_modules/node22/bin/node', import.meta.url));
const node = major >= 22 ? process.execPath : node22;
if (!existsSync(node)) {
  console.error(`Stryker needs Node >= 22 and ${node22} is missing: run pnpm install`);
  process.exit(1);
}
const stryker = fileURLToPath(new URL('../../node_modules/@stryker-mutator/core/bin/stryker.js', import.meta.url));
const run = spawnSync(node, [stryker, 'run', 'stryker.config.mjs', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
const summary = spawnSync(process.execPath, [fileURLToPath(new URL('./summary.mjs', import.meta.url))], { cwd: root, stdio: 'inherit' });
process.exit(summary.status ?? 1);
