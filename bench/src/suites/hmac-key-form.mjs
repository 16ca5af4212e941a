// Which form of the HMAC key node:crypto signs fastest with, on the runtime running this file
// (Node 20/22/24, Bun, Deno): a string, a Buffer, or a KeyObject made once with createSecretKey.
// The node adapter keeps the key as the form that wins. Interleaved rounds; each figure is the
// median of the per-round ratios against the Buffer form, measured in the same rounds.
//
//   node bench/src/suites/hmac-key-form.mjs
//   conformance/runtimes/node_modules/node24/bin/node bench/src/suites/hmac-key-form.mjs
//   conformance/runtimes/node_modules/.bin/deno run bench/src/suites/hmac-key-form.mjs
import { createHmac, createSecretKey } from 'node:crypto';

const key = 'B5F3A8D2-0F1E-4C55-9E2B-7A6D1C3E8F90&';
const keyBuffer = Buffer.from(key, 'utf8');
const keyObject = createSecretKey(keyBuffer);
// The base string of a pan-eligibility/send request (about 330 bytes).
const data =
  'POST&https%3A%2F%2Fsandbox.gate.example%2Fpayment%2Fapi%2Fv2%2Fpan-eligibility%2Fsend%2F1234&client-order-id%3Dorder-1%26oauth_consumer_key%3Dmerchant-login%26oauth_nonce%3Dabcdef0123456789abcdef0123456789%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1700000000%26oauth_version%3D1.0%26sending-card-ref-id%3Dref-9';
const forms = {
  Buffer: () => createHmac('sha1', keyBuffer).update(data, 'utf8').digest('base64'),
  string: () => createHmac('sha1', key).update(data, 'utf8').digest('base64'),
  KeyObject: () => createHmac('sha1', keyObject).update(data, 'utf8').digest('base64'),
};
const expected = forms.Buffer();
for (const [name, sign] of Object.entries(forms)) if (sign() !== expected) throw new Error(`${name} signs differently`);

const rounds = 9;
const sampleMs = 150;
const rates = Object.fromEntries(Object.keys(forms).map((name) => [name, []]));
for (let round = 0; round <= rounds; round++) {
  for (const [name, sign] of Object.entries(forms)) {
    const start = performance.now();
    let n = 0;
    while (performance.now() - start < sampleMs) for (let i = 0; i < 100; i++, n++) sign();
    if (round > 0) rates[name].push((n / (performance.now() - start)) * 1000); // round 0 warms up
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const runtime = typeof Deno === 'object' ? `deno ${Deno.version.deno}` : typeof Bun === 'object' ? `bun ${Bun.version}` : `node ${process.versions.node}`;
console.log(`HMAC-SHA1 key form, ${runtime}, ${rounds} rounds of ${sampleMs} ms`);
for (const name of Object.keys(forms)) {
  const ratio = median(rates[name].map((rate, i) => rate / rates.Buffer[i]));
  console.log(`${name.padEnd(10)} ${Math.round(median(rates[name])).toLocaleString('en-US').padStart(9)}/s  ${ratio.toFixed(2)}x the Buffer form`);
}
