// Signs a request as a merchant would and verifies it as the gateway would: the round trip.
import { createSigner, createVerifier } from '@paysign/oauth-core';

const controlKey = 'merchant-control-key';
const url = 'https://sandbox.gateway.example/payment/api/v4/transfer/1234';
const signer = createSigner({ consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' });
const signed = await signer.sign({ url, params: { amount: '10.42', currency: 'EUR', 'destination-card-no': '4111111111111111' } });

const verifier = createVerifier({ lookup: (login) => (login === 'merchant-login' ? { consumerSecret: controlKey } : undefined) });
const accepted = await verifier.verify({ method: 'POST', url, authorization: signed.authorization, body: signed.body });
console.log('as sent:  ', accepted.ok ? 'verified' : `refused (${accepted.reason})`);

const tampered = await verifier.verify({ method: 'POST', url, authorization: signed.authorization, body: signed.body.replace('10.42', '99.42') });
console.log('tampered: ', tampered.ok ? 'verified' : `refused (${tampered.reason})`);
