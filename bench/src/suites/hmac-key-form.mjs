// Which form of the HMAC key node:crypto signs fastest with, on the runtime running this file
// (Node 20/22/24, Bun, Deno): a string, a Buffer, or a KeyObject made once with createSecretKey,
// each through a createHmac object per signature; or the node adapter's own HMAC (the key's
// pads made once, each hash one crypto.hash call), over the pan-eligibility/send and the
// transfer base strings. The node adapter keeps the form that wins. Interleaved rounds; each
// figure is the median of the per-round ratios against the Buffer form, measured in the same
// rounds. Run `pnpm build` first (the adapter is imported from oauth-core's dist).
//
//   node bench/src/suites/hmac-key-form.mjs
//   conformance/runtimes/node_modules/node24/bin/node bench/src/suites/hmac-key-form.mjs
//   conformance/runtimes/node_modules/.bin/deno run bench/src/suites/hmac-key-form.mjs
import { createHmac, createSecretKey } from 'node:crypto';
import { defaultAdapter } from '@paysign/oauth-core/node';

const key = 'B5F3A8D2-0F1E-4C55-9E2B-7A6D1C3E8F90&';
const keyBuffer = Buffer.from(key, 'utf8');
const keyObject = createSecretKey(keyBuffer);
// The base string of a pan-eligibility/send request (about 330 bytes).
const data =
  'POST&https%3A%2F%2Fsandbox.gate.example%2Fpayment%2Fapi%2Fv2%2Fpan-eligibility%2Fsend%2F1234&client-order-id%3Dorder-1%26oauth_consumer_key%3Dmerchant-login%26oauth_nonce%3Dabcdef0123456789abcdef0123456789%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1700000000%26oauth_version%3D1.0%26sending-card-ref-id%3Dref-9';
// The base string of the transfer (15 parameters, about 870 bytes), built of pieces as the signer
// builds it (a string that must be flattened before it is hashed).
const transferPieces =
  'POST&https%3A%2F%2Fsandbox.gateway.example%2Fpayment%2Fapi%2Fv4%2Ftransfer%2F1234&amount%3D1250.00%26card_printed_name%3DJOS%25C3%2589%2520M%25C3%259CLLER%26card_recurring_payment_id%3D7000123%26client_orderid%3Dorder-2026-0001%26credit_card_number%3D4111111111111111%26currency%3DEUR%26cvv2%3D123%26deposit2card%3Dtrue%26destination-card-no%3D5555555555554444%26destination_card_recurring_payment_id%3D7000456%26expire_month%3D12%26expire_year%3D2030%26ipaddress%3D203.0.113.7%26oauth_consumer_key%3Dmerchant-login%26oauth_nonce%3Dlicfmmooobhdkidiknmddnflbnglpgej%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1796181024%26oauth_version%3D1.0%26order_desc%3DTransfer%2520to%2520savings%2520%2528monthly%2529%2520%2526%2520fees%253A%25200%2525%26redirect_url%3Dhttps%253A%252F%252Fmerchant.example%252Freturn%253Forder%253Dorder-2026-0001%2526status%253Ddone'.split(
    '%26',
  );
let built = 0;
function transfer() {
  let joined = `${transferPieces[0]}${built++ & 1}`;
  for (let i = 1; i < transferPieces.length; i++) joined += `%26${transferPieces[i]}`;
  return joined;
}
const adapterHmac = defaultAdapter.hmac('SHA-1', key);
const forms = {
  Buffer: (input) => createHmac('sha1', keyBuffer).update(input, 'utf8').digest('base64'),
  string: (input) => createHmac('sha1', key).update(input, 'utf8').digest('base64'),
  KeyObject: (input) => createHmac('sha1', keyObject).update(input, 'utf8').digest('base64'),
  'pads once (node adapter)': (input) => adapterHmac(input),
};
for (const input of [data, transfer()]) {
  const expected = forms.Buffer(input);
  for (const [name, sign] of Object.entries(forms)) if (sign(input) !== expected) throw new Error(`${name} signs differently`);
}

const rounds = 9;
const sampleMs = 150;
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const runtime = typeof Deno === 'object' ? `deno ${Deno.version.deno}` : typeof Bun === 'object' ? `bun ${Bun.version}` : `node ${process.versions.node}`;
for (const [label, input] of [
  ['pan-eligibility/send', () => data],
  ['transfer, built of pieces', transfer],
]) {
  const rates = Object.fromEntries(Object.keys(forms).map((name) => [name, []]));
  for (let round = 0; round <= rounds; round++) {
    for (const [name, sign] of Object.entries(forms)) {
      const start = performance.now();
      let n = 0;
      while (performance.now() - start < sampleMs) for (let i = 0; i < 100; i++, n++) sign(input());
      if (round > 0) rates[name].push((n / (performance.now() - start)) * 1000); // round 0 warms up
    }
  }
  console.log(`HMAC-SHA1 key form, ${label}, ${runtime}, ${rounds} rounds of ${sampleMs} ms`);
  for (const name of Object.keys(forms)) {
    const ratio = median(rates[name].map((rate, i) => rate / rates.Buffer[i]));
    console.log(`${name.padEnd(24)} ${Math.round(median(rates[name])).toLocaleString('en-US').padStart(9)}/s  ${ratio.toFixed(2)}x the Buffer form`);
  }
}
