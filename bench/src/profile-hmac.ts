// `pnpm --filter @paysign/bench profile:hmac`: where the time of one HMAC-SHA1 signSync goes on
// Node, for the 15-parameter transfer. Each stage of the signer (from oauth-core's source) is timed
// alone, in the same interleaved rounds as the full signature and the raw createHmac floor, and
// reported in µs, as a share of the full signature and against the floor.
import { createHmac } from 'node:crypto';
import { createSigner, formatAuthorizationHeader, signatureBaseString } from '@paysign/oauth-core/node';
// The signer's internal stages, from oauth-core's source (bundled into this script), timed alone.
import { signatureBaseStringParts } from '../../packages/oauth-core/src/base-string/signature-base-string.js';
import { percentEncode } from '../../packages/oauth-core/src/encoding/percent-encode.js';
import { formatEncodedHeader } from '../../packages/oauth-core/src/header/authorization.js';
import { collectParameters } from '../../packages/oauth-core/src/parameters/collect.js';
import { joinNormalized } from '../../packages/oauth-core/src/parameters/normalize.js';
import { encodePair } from '../../packages/oauth-core/src/encoding/encode-pair.js';
import { createNonceSource } from '../../packages/oauth-core/src/signer/nonce-source.js';
import { baseStringFromEncoded } from '../../packages/oauth-core/src/signer/base-string-from-encoded.js';
import { joinForm, protocolParametersOf } from '../../packages/oauth-core/src/signer/protocol-parameters.js';
import { adapter } from '../../packages/oauth-core/src/adapters/node.js';
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
const uri = 'https://sandbox.gateway.example/payment/api/v4/transfer/1234';
const { encodedParameters: encodedAll, normalizedParameters } = signatureBaseStringParts('POST', uri, allParams);
const pairsAll = allParams.map(([name, value]) => encodePair(name, value));
const encodedUri = percentEncode(uri);
const protocolParameters = protocolParametersOf({ consumerKey: 'merchant-login', signatureMethod: 'HMAC-SHA1' }, createNonceSource(adapter), encodePair);
let sink: unknown;
const loop =
  (fn: () => unknown): BenchCase['run'] =>
  (n) => {
    for (let i = 0; i < n; i++) sink = fn();
  };

const stages: BenchCase[] = [
  { id: 'full signSync', run: loop(() => signer.signSync(request)) },
  { id: 'floor: createHmac over the base string', run: loop(() => createHmac('sha1', HMAC_KEY).update(signed.baseString).digest('base64')) },
  { id: 'collectParameters (15 pairs)', run: loop(() => collectParameters(request.params)) },
  { id: 'protocol parameters with a pooled nonce', run: loop(() => protocolParameters(undefined, undefined, undefined)) },
  { id: 'encode 20 pairs (step 1, and again for the base string)', run: loop(() => allParams.map(([name, value]) => encodePair(name, value))) },
  { id: 'sort and join 20 encoded pairs (steps 2-4)', run: loop(() => joinNormalized(encodedAll)) },
  { id: 'encode the normalized parameters (§3.4.1.1)', run: loop(() => percentEncode(normalizedParameters)) },
  { id: 'parse the URL', run: loop(() => new URL(transfer.url)) },
  { id: 'signatureBaseStringParts (steps 1-4, the base string)', run: loop(() => signatureBaseStringParts('POST', uri, allParams)) },
  { id: "the signer's base string from 20 pairs encoded once", run: loop(() => baseStringFromEncoded('POST', encodedUri, pairsAll.slice())) },
  { id: 'Authorization header from encoded pairs', run: loop(() => formatEncodedHeader(encodedAll.slice(15), '')) },
  { id: 'form body from encoded pairs', run: loop(() => joinForm(encodedAll.slice(0, 15))) },
  { id: 'public signatureBaseString (parses the URL)', run: loop(() => signatureBaseString('POST', transfer.url, allParams)) },
  { id: 'public formatAuthorizationHeader', run: loop(() => formatAuthorizationHeader(withSignature)) },
];

const progress = createProgress(process.stderr);
progress.step('HMAC-SHA1 signSync stages, transfer request');
const samples = await measureInterleaved(stages, {
  rounds: quick ? 3 : 9,
  sampleMs: quick ? 30 : 120,
  now: () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  },
  onSample: (event) => progress.update(event.done, event.total, event.caseId),
});
progress.finish();
const result = figures(samples, 'full signSync');
const floorUs = 1e6 / result['floor: createHmac over the base string']!.opsPerSecond.median;
for (const stage of stages) {
  const figure = result[stage.id]!;
  const microseconds = 1e6 / figure.opsPerSecond.median;
  const share = 1 / figure.vsFloor!.median;
  process.stdout.write(
    `${stage.id.padEnd(48)} ${microseconds.toFixed(2).padStart(7)} µs  ${formatRatio(share).padStart(6)} of the full signature  ${formatRatio(microseconds / floorUs).padStart(6)} of the floor\n`,
  );
}
if (sink === undefined) process.exitCode = 1;
