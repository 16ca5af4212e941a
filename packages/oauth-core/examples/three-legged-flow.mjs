// The three-legged flow (RFC 5849 §2) against a local stand-in for the API (photos-server.mjs):
// temporary credentials, the resource owner's approval, token credentials, then a request for
// the resource owner.
import { authorizationUrl, createSigner, parseAuthorizationCallback, requestTemporaryCredentials, requestTokenCredentials } from '@paysign/oauth-core';
import { CLIENT, startPhotosServer } from './photos-server.mjs';

const api = await startPhotosServer();
const signer = createSigner({ consumerKey: CLIENT.key, consumerSecret: CLIENT.secret, signatureMethod: 'HMAC-SHA1' });

// 1. Temporary credentials (§2.1), with the URL the server sends the resource owner back to ('oob' if none).
const temporary = await requestTemporaryCredentials({ signer, url: `${api.origin}/initiate`, callback: 'http://127.0.0.1/callback' });
console.log(`1. temporary token ${temporary.token} (callback confirmed: ${temporary.callbackConfirmed})`);

// 2. Send the resource owner to the authorization URL (§2.2); keep temporary.tokenSecret meanwhile (a session).
const location = authorizationUrl(`${api.origin}/authorize`, temporary);
console.log(`2. send the browser to ${location}`);
const approval = await fetch(location, { redirect: 'manual' }); // here the "browser" approves at once
// The app's callback route reads the request the browser comes back with (here, the redirect's
// Location), refusing one for another temporary token.
const callback = new URL(approval.headers.get('location'));
const back = parseAuthorizationCallback(callback, { temporary });
console.log(`   back at ${callback.origin}${callback.pathname} with oauth_verifier`);

// 3. Token credentials (§2.3): the temporary token, its secret, and the verifier from the callback.
const credentials = await requestTokenCredentials({
  signer,
  url: `${api.origin}/token`,
  token: { key: back.token, secret: temporary.tokenSecret },
  verifier: back.verifier,
});
console.log(`3. token credentials for ${credentials.extra.screen_name}: ${credentials.token}`);

// Then, on behalf of the resource owner: keep credentials.token and credentials.tokenSecret (they are the user's password to the API).
const signed = await signer.sign({
  method: 'GET',
  url: `${api.origin}/photos?file=vacation.jpg`,
  token: { key: credentials.token, secret: credentials.tokenSecret },
});
const response = await fetch(signed.url, { headers: signed.headers });
console.log(`GET /photos: ${response.status} ${await response.text()}`);
await api.close();
