// `pnpm bench`: measures, then writes bench/results/{results.md,signs-per-second.svg,results.json}.
import { fileURLToPath } from 'node:url';
import { generateBenchKey } from './fixtures/keys.js';
import { createProgress } from './harness/progress.js';
import { parseOptions } from './options.js';
import { runHostSigning } from './suites/signing-host.js';
import { formatRatio } from './harness/stats.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const options = parseOptions(process.argv.slice(2), `${packageDir}results`);
const progress = createProgress(process.stderr);
progress.step('generating a 4096-bit RSA key (PKCS#1)');
const pkcs1Pem = generateBenchKey();
const measure = { rounds: options.rounds, sampleMs: options.sampleMs };
if (options.suites.has('hmac')) {
  const results = await runHostSigning('HMAC-SHA1', pkcs1Pem, measure, progress);
  for (const group of results) {
    progress.note(`${group.requestTitle}: floor ${group.floorId}`);
    for (const c of group.cases) progress.note(`  ${c.label.padEnd(28)} ${Math.round(c.opsPerSecond.median).toString().padStart(9)}/s ±${(c.opsPerSecond.spread * 100).toFixed(1)}%  ${formatRatio(c.vsFloor.median)}`);
  }
}
progress.finish();
