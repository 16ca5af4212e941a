// A Mastercard-style JSON POST over RSA-SHA256: the body is sent as given and signed through
// oauth_body_hash, the Base64 SHA-256 of its bytes (SHA-256 because the method is *-SHA256;
// `bodyHash` chooses another). The verifier, as the API would, checks the signature and the hash.
import { createSigner, createVerifier } from '@paysign/oauth-core';

// A new 2048-bit key for the example; in production, the PKCS#8 or PKCS#1 PEM of your p12 (see "Keys").
const { privateKey, publicKey } = await crypto.subtle.generateKey(
  { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  true,
  ['sign', 'verify'],
);
const signer = createSigner({ consumerKey: 'consumer-key-from-the-developer-portal!key-alias', privateKey, signatureMethod: 'RSA-SHA256' });

const url = 'https://sandbox.api.mastercard.com/fraud/merchant/v3/termination-inquiry?Format=JSON';
const body = JSON.stringify({ TerminationInquiryRequest: { AcquirerId: '1996', Merchant: { Name: 'TEST', Country: 'USA' } } });
const signed = await signer.sign({ method: 'POST', url, body, contentType: 'application/json; charset=utf-8' });

console.log(`POST ${signed.url}`);
console.log(`Content-Type: ${signed.headers['Content-Type']}`);
console.log(`Authorization: ${signed.authorization}`);
console.log(`oauth_body_hash: ${signed.oauthParams.oauth_body_hash}`);
console.log(`body: ${signed.body}`);
// await fetch(signed.url, { method: 'POST', headers: signed.headers, body: signed.body });

const verifier = createVerifier({ lookup: () => ({ publicKey, signatureMethods: ['RSA-SHA256'] }) });
const received = { method: 'POST', url, authorization: signed.authorization, contentType: signed.headers['Content-Type'] };
const asSent = await verifier.verify({ ...received, body: signed.body });
console.log(`as sent:  ${asSent.ok ? 'verified' : `refused (${asSent.reason})`}`);
const changed = await verifier.verify({ ...received, body: signed.body.replace('TEST', 'EVIL') });
console.log(`changed:  ${changed.ok ? 'verified' : `refused (${changed.reason})`}`);
