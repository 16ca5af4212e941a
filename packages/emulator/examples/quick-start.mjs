// The README's quick start, runnable: node packages/emulator/examples/quick-start.mjs
// Serves the emulator on a free loopback port, sends it one request signed with
// @paysign/oauth-core (as any client would; @paysign/gateway's client does the same), reads a
// profile back, and stops.
import { serve } from '@paysign/emulator/node';
import { createSigner } from '@paysign/oauth-core';

const server = await serve({
  merchants: [{ login: 'merchant', controlKey: 'control-key', endpointIds: ['1234'], currency: 'EUR' }],
  profiles: [{ 'recurring-payment-id': 'rp-1', 'client-orderid': 'order-1', 'credit-card-number': '4111111111111111', amount: '10.00', currency: 'EUR' }],
});
console.log(`listening on ${server.url}`);

// pan-eligibility/send, HMAC-SHA1 with the merchant's control key, its OAuth parameters in the
// header and the body as the gateway's example lays them out.
const signer = createSigner({ consumerKey: 'merchant', consumerSecret: 'control-key', signatureMethod: 'HMAC-SHA1', oauthParamsInBody: true });
const signed = await signer.sign({
  url: `${server.url}/payment/api/v2/pan-eligibility/send/1234`,
  params: { 'client-order-id': 'order-2', 'sending-card-ref-id': 'card-ref-7' },
});
const reply = await fetch(signed.url, { method: signed.method, headers: signed.headers, body: signed.body });
// The reply is a form, each pair ending in a line break (as the gateway's own).
const fields = new URLSearchParams((await reply.text()).replaceAll('\n', ''));
console.log(`pan-eligibility/send: ${fields.get('type')} ${fields.get('status')}`);

const profile = await fetch(`${server.url}/payment/emulator/recurring-payments/rp-1`).then((response) => response.json());
console.log(`rp-1 card: ${profile.fields['credit-card-number']} (revision ${profile.revision})`);
await server.close();
