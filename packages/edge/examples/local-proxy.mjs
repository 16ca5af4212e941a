// The proxy in front of the gateway emulator, all in this process: run `node examples/local-proxy.mjs`.
import { createEmulator } from '@paysign/emulator';
import { createSigningProxy, signCallerRequest } from '@paysign/edge';

const controlKey = 'the-merchant-control-key';
const callerToken = 'a-random-token-of-at-least-32-characters';
const callerSecret = 'a-shared-hmac-secret-of-32-characters+';

const gateway = createEmulator({ merchants: [{ login: 'merchant', controlKey, endpointIds: ['1234'] }], log: () => {} });
const proxy = createSigningProxy({
  gatewayUrl: 'https://sandbox.gate.example',
  merchant: { login: 'merchant', signatureMethod: 'HMAC-SHA1', controlKey },
  callers: { bearerTokens: [callerToken], hmacSecrets: [callerSecret] },
  allow: { 'pan-eligibility/send': ['1234'] },
  fetch: (request) => gateway.fetch(request), // on a real deployment: the default, globalThis.fetch
});

const url = 'https://proxy.example/payment/api/v2/pan-eligibility/send/1234';
const body = new URLSearchParams({ 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' }).toString();
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

// 1. A back end with the bearer token: the proxy signs, the gateway answers.
const withToken = await proxy.fetch(new Request(url, { method: 'POST', headers: { ...form, Authorization: `Bearer ${callerToken}` }, body }));
console.log(withToken.status, JSON.stringify(await withToken.text()));

// 2. A back end that signs its request instead (HMAC-SHA256 with a timestamp, accepted once).
const signed = await signCallerRequest({ secret: callerSecret, url, body });
const withSignature = await proxy.fetch(new Request(url, { method: 'POST', headers: { ...form, ...signed }, body }));
console.log(withSignature.status);

// 3. Anything else is refused before signing, with a JSON error.
const refused = await proxy.fetch(
  new Request(url.replace('1234', '9999'), { method: 'POST', headers: { ...form, Authorization: `Bearer ${callerToken}` }, body }),
);
console.log(refused.status, await refused.text());
