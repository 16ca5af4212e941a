// A NetSuite-style request (token-based authentication): HMAC-SHA256, the account ID as realm
// (sent in the Authorization header, never signed), the integration's consumer key and secret
// and the user's token and token secret. NetSuite does not use a body hash: `bodyHash: false`.
import { createSigner, createVerifier } from '@paysign/oauth-core';

const account = '1234567_SB1';
const consumer = {
  key: 'ef40afdd8abaac111b13825dd5e5e2ddddb44f86d5a0dd6dcf38c20aae6b67e4',
  secret: 'd26ad321a4b2f23b0741c8d38392ce01c3e23e109df6c96eac6d099e9ab9a8b5',
};
const token = {
  key: '2b0ce516420110bcbd36b69e99196d1b7f6de3c6234c5afb799b73d87569f5cc',
  secret: 'c29a677df7d5439a458c063654187e3d678d73aca8e3c9d8bea1478a3eb0d295',
};

const signer = createSigner({ consumerKey: consumer.key, consumerSecret: consumer.secret, signatureMethod: 'HMAC-SHA256', realm: account, bodyHash: false });
const url = `https://${account.toLowerCase().replace('_', '-')}.suitetalk.api.netsuite.com/services/rest/record/v1/customer`;
const body = JSON.stringify({ companyName: 'Example Ltd', subsidiary: { id: '1' } });
const signed = await signer.sign({ method: 'POST', url, body, contentType: 'application/json', token });

console.log(`POST ${signed.url}`);
console.log(`Authorization: ${signed.authorization}`);
// await fetch(signed.url, { method: 'POST', headers: signed.headers, body: signed.body });

const verifier = createVerifier({
  lookup: (key, tokenKey) =>
    key === consumer.key && tokenKey === token.key
      ? { consumerSecret: consumer.secret, tokenSecret: token.secret, signatureMethods: ['HMAC-SHA256'] }
      : undefined,
});
const result = await verifier.verify({ method: 'POST', url, authorization: signed.authorization, body: signed.body, contentType: 'application/json' });
console.log(`verified: ${result.ok ? `yes, for token ${result.token?.slice(0, 8)}...` : `no (${result.reason})`}`);
