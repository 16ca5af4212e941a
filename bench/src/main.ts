// `pnpm bench`: measures, then writes bench/results/{results.md,signs-per-second.svg,results.json}.
// Options: see options.ts (`--quick` for development, `--only=hmac,rsa,...`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateBenchKey } from './fixtures/keys.js';
import { createProgress } from './harness/progress.js';
import { parseOptions } from './options.js';
import { renderMarkdown } from './report/markdown.js';
import { renderSvg } from './report/svg.js';
import { evaluateTargets } from './report/targets.js';
import type { BenchReport } from './report/types.js';
import { formatRatio } from './harness/stats.js';
import { opensslRsa4096, runRuntimes } from './runtimes/matrix-runtimes.js';
import type { Algorithm } from './signers/types.js';
import { runConcurrency } from './suites/concurrency.js';
import { runMemory } from './suites/memory.js';
import { runPayload } from './suites/payload.js';
import { runRsaInFlight } from './suites/rsa-in-flight.js';
import { runHostSigning, runtimeName } from './suites/signing-host.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const options = parseOptions(process.argv.slice(2), join(packageDir, 'results'));
const progress = createProgress(process.stderr);
const measure = { rounds: options.rounds, sampleMs: options.sampleMs };

progress.step('generating a 4096-bit RSA key (PKCS#1)');
const pkcs1Pem = generateBenchKey();
const report: BenchReport = {
  generatedAt: new Date().toISOString(),
  quick: options.quick,
  rounds: options.rounds,
  sampleMs: options.sampleMs,
  machine: { cpu: cpus()[0]?.model.trim() ?? 'unknown CPU', cores: cpus().length, loadBefore: loadavg(), loadAfter: [], host: runtimeName() },
  signing: [],
  skippedRuntimes: [],
};

// Written after every suite, so that a run cut short (the checkout is shared) keeps what it measured.
function save(): void {
  report.machine.loadAfter = loadavg();
  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(join(options.outDir, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(options.outDir, 'results.md'), renderMarkdown(report));
  if (report.signing.length > 0) writeFileSync(join(options.outDir, 'signs-per-second.svg'), renderSvg(report.signing, 'transfer'));
}

const algorithms: Algorithm[] = [];
if (options.suites.has('hmac')) algorithms.push('HMAC-SHA1');
if (options.suites.has('rsa')) algorithms.push('RSA-SHA256');
for (const algorithm of algorithms) {
  report.signing.push(...(await runHostSigning(algorithm, pkcs1Pem, measure, progress)));
  save();
}
if (options.suites.has('rsa')) {
  progress.step('openssl speed rsa4096');
  const openssl = await opensslRsa4096(options.quick ? 1 : 3);
  if (openssl) report.openssl = openssl;
}
if (options.suites.has('runtimes') && algorithms.length > 0) {
  const other = await runRuntimes(join(packageDir, '..'), { pkcs1Pem, ...measure, algorithms }, progress);
  report.signing.push(...other.groups);
  report.skippedRuntimes = other.skipped;
  save();
}
if (options.suites.has('concurrency')) {
  report.concurrency = await runConcurrency(pkcs1Pem, options.rounds, options.quick ? 300 : 1000, progress);
  save();
}
if (options.suites.has('inflight')) {
  const inFlight = await runRsaInFlight(pkcs1Pem, options.rounds, options.quick ? 1 : 3, progress);
  if (inFlight) report.rsaInFlight = inFlight;
  save();
}
if (options.suites.has('payload')) {
  report.payload = await runPayload(
    options.payloadRows,
    options.payloadRows.at(-1)!,
    { rounds: options.rounds, sampleMs: Math.max(options.sampleMs, 100) },
    progress,
  );
}
if (options.suites.has('memory')) report.memory = runMemory(options.memorySigns, progress);

save();
progress.finish();
for (const t of evaluateTargets(report)) {
  process.stderr.write(
    `${t.met === undefined ? '  ' : t.met ? 'ok' : '!!'} ${t.target}: ${t.reached ? formatRatio(t.reached.median) : '–'} (goal ≥ ${formatRatio(t.goal)})\n`,
  );
}
process.stderr.write(`results written to ${options.outDir}\n`);
