// `pnpm --filter @paysign/bench profile:hmac`: where the time of one HMAC-SHA1 signSync goes on
// Node, for the 15-parameter transfer. Each stage is timed alone, in the same interleaved rounds
// as the full signature and the raw createHmac floor, and reported as a share of the full signature.
import { createHmac } from 'node:crypto';
import { createSigner, formatAuthorizationHeader, percentEncode, signatureBaseString } from '@paysign/oauth-core/node';
import { figures, measureInterleaved, type BenchCase } from './harness/measure.js';
import { createProgress } from './harness/progress.js';
import { formatRatio } from './harness/stats.js';
import { transfer } from './fixtures/requests.js';
import { signerOptions } from './signers/paysign.js';
import { HMAC_KEY } from './signers/floors.js';

const quick = process.argv.includes('--quick');
const signer = createSigner(signerOptions({ algorithm: 'HMAC-SHA1', request: transfer }, ''));
const request = { url: transfer.url, params: transfer.params };
const signed = signer.signSync(request);
const withSignature = { ...signed.oauthParams, oauth_signature: signed.signature };
const allParams: [string, string][] = [...transfer.params, ...Object.entries(signed.oauthParams)];
let sink: unknown;
const loop = (fn: () => unknown): BenchCase['run'] => (n) => {
  for (let i = 0; i < n; i++) sink = fn();
};

const stages: BenchCase[] = [
  { id: 'full signSync', run: loop(() => signer.signSync(request)) },
  { id: 'floor: createHmac over the base string', run: loop(() => createHmac('sha1', HMAC_KEY).update(signed.baseString).digest('base64')) },
  { id: 'signatureBaseString (public, parses the URL)', run: loop(() => signatureBaseString('POST', transfer.url, allParams)) },
  { id: 'percentEncode every name and value once', run: loop(() => allParams.map(([k, v]) => percentEncode(k) + percentEncode(v))) },
  { id: 'formatAuthorizationHeader', run: loop(() => formatAuthorizationHeader(withSignature)) },
  { id: 'body: encode the form once more', run: loop(() => transfer.params.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')) },
];

const progress = createProgress(process.stderr);
progress.step('HMAC-SHA1 signSync stages, transfer request');
const samples = await measureInterleaved(stages, {
  rounds: quick ? 3 : 9,
  sampleMs: quick ? 30 : 120,
  onSample: (event) => progress.update(event.done, event.total, event.caseId),
});
progress.finish();
const result = figures(samples, 'full signSync');
for (const stage of stages) {
  const figure = result[stage.id]!;
  const microseconds = 1e6 / figure.opsPerSecond.median;
  const share = 1 / figure.vsFloor!.median;
  process.stdout.write(`${stage.id.padEnd(48)} ${microseconds.toFixed(2).padStart(7)} µs  ${formatRatio(share).padStart(6)} of the full signature\n`);
}
if (sink === undefined) process.exitCode = 1;
