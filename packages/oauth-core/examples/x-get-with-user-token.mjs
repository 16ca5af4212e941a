// A Twitter/X-style GET for a user: the app's consumer key and secret in the signer, the user's
// token and token secret per request. This is RFC 5849 §1.2's own request (photos.example.net,
// with the RFC's nonce, timestamp, realm and no oauth_version), so its signature is the RFC's.
import { createSigner } from '@paysign/oauth-core';

const signer = createSigner({
  consumerKey: 'dpf43f3p2l4k3l03',
  consumerSecret: 'kd94hf93k423kf44',
  signatureMethod: 'HMAC-SHA1',
  realm: 'Photos',
  version: false, // §1.2 sends no oauth_version (it is optional); the default sends oauth_version="1.0"
  // Fixed only to reproduce the RFC; leave them out and each request gets a fresh nonce and the current time.
  nonce: () => 'chapoH',
  timestamp: () => 137131202,
});

// One signer serves every user: the token is the request's.
const user = { key: 'nnch734d00sl2jdk', secret: 'pfkkdhi9sl3r4s00' };
const signed = await signer.sign({ method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original', token: user });

console.log(`GET ${signed.url}`);
console.log(`Authorization: ${signed.authorization}`);
console.log(`signature: ${signed.signature}`);
console.log(`RFC 5849 §1.2 prints MdpQcU8iPSUjWoN/UDMsK2sui9I=: ${signed.signature === 'MdpQcU8iPSUjWoN/UDMsK2sui9I=' ? 'same' : 'DIFFERENT'}`);
// await fetch(signed.url, { headers: signed.headers });
