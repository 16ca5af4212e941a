// RSA-SHA256 (4096-bit), update-recurring-payments with 100 rows: paysign's automatic choice
// against mastercard-oauth1-signer and oauth-1.0a with long samples (1.5 s each, interleaved
// rounds). The matrix's samples of ~150 ms hold 3 signatures on Deno, too few to tell a few
// percent apart; this check settles the rows the matrix marks as a peer being faster.
//
//   pnpm --filter @paysign/bench bench:rsa-peers          (Deno; bundled first, see package.json)
import { createSign, generateKeyPairSync } from 'node:crypto';
import MastercardOAuth from 'mastercard-oauth1-signer';
import OAuth from 'oauth-1.0a';
import { createSigner, percentEncode } from '@paysign/oauth-core';
import { CONSUMER_KEY, updateRecurringPayments } from '../fixtures/requests.js';

const pem = generateKeyPairSync('rsa', { modulusLength: 4096 }).privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
const request = updateRecurringPayments(100);
const params = request.params as [string, string][];
const body = params.map(([n, v]) => `${percentEncode(n)}=${percentEncode(v)}`).join('&');
const signer = createSigner({ consumerKey: CONSUMER_KEY, privateKey: pem, signatureMethod: 'RSA-SHA256' });
const oauth = new OAuth({
  consumer: { key: CONSUMER_KEY, secret: '' },
  signature_method: 'RSA-SHA256',
  hash_function: (base: string) => createSign('RSA-SHA256').update(base).sign(pem, 'base64'),
});
const data = Object.fromEntries(params);
// conformance/suites/peers.d.ts declares the module without toHeader; the package's own types have it.
const toHeader = (oauth as unknown as { toHeader(data: unknown): { Authorization: string } }).toHeader.bind(oauth);
const cases: Record<string, () => unknown> = {
  paysign: () => signer.signSync({ url: request.url, params }),
  mastercard: () => MastercardOAuth.getAuthorizationHeader(request.url, 'POST', body, CONSUMER_KEY, pem),
  'oauth-1.0a': () => toHeader(oauth.authorize({ url: request.url, method: 'POST', data })),
};
const rates: Record<string, number[]> = {};
for (let round = 0; round <= 7; round++) {
  const order = Object.keys(cases);
  if (round % 2) order.reverse();
  for (const name of order) {
    const start = performance.now();
    let n = 0;
    while (performance.now() - start < 1500) {
      cases[name]!();
      n++;
    }
    if (round > 0) (rates[name] ??= []).push((n / (performance.now() - start)) * 1000);
  }
}
const runtime = typeof (globalThis as { Deno?: unknown }).Deno === 'object' ? 'deno' : `node ${process.version}`;
console.log(`RSA-SHA256 · update-recurring-payments, 100 rows · ${runtime} · 7 rounds of 1.5 s`);
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
for (const name of Object.keys(cases)) {
  const r = rates[name]!.map((v, i) => rates.paysign![i]! / v).sort((a, b) => a - b);
  console.log(
    name.padEnd(11),
    med(rates[name]!).toFixed(1),
    '/s',
    name === 'paysign' ? '' : `paysign vs it ${med(r).toFixed(2)}x (${r[1]!.toFixed(2)}x–${r[5]!.toFixed(2)}x)`,
  );
}
