// Signs one sample gateway request with HMAC-SHA1 and with RSA-SHA256 and prints what is sent.
import { generateKeyPairSync } from 'node:crypto';
import { createSigner } from '@paysign/oauth-core';

const url = 'https://sandbox.gateway.example/payment/api/v2/pan-eligibility/send/1234';
const params = { 'client-order-id': 'order-0001', 'sending-card-ref-id': 'card-ref-77' };

const hmac = createSigner({ consumerKey: 'merchant-login', consumerSecret: 'control-key', signatureMethod: 'HMAC-SHA1', oauthParamsInBody: true });
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 4096 });
const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' });
const rsa = createSigner({ consumerKey: 'merchant-login', privateKey: pkcs1, signatureMethod: 'RSA-SHA256' });

for (const [title, signer] of [
  ['HMAC-SHA1', hmac],
  ['RSA-SHA256 (4096-bit PKCS#1 key)', rsa],
]) {
  const signed = await signer.sign({ url, params });
  console.log(`\n== ${title} (adapter: ${signer.adapterName}) ==`);
  console.log(`POST ${signed.url}`);
  console.log(`base string:   ${signed.baseString}`);
  console.log(`Authorization: ${signed.authorization}`);
  console.log(`body:          ${signed.body}`);
}
