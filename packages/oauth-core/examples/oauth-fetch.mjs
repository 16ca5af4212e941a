// createOAuthFetch: a fetch that signs every request (the query, a form's pairs, any other body
// through oauth_body_hash), against the local stand-in for an API (photos-server.mjs).
import { createOAuthFetch, createSigner, requestTemporaryCredentials, requestTokenCredentials, authorizationUrl } from '@paysign/oauth-core';
import { CLIENT, startPhotosServer } from './photos-server.mjs';

const api = await startPhotosServer();
const signer = createSigner({ consumerKey: CLIENT.key, consumerSecret: CLIENT.secret, signatureMethod: 'HMAC-SHA1' });

// A user's token credentials, from the three-legged flow (three-legged-flow.mjs).
const temporary = await requestTemporaryCredentials({ signer, url: `${api.origin}/initiate`, callback: 'http://127.0.0.1/callback' });
const approval = await fetch(authorizationUrl(`${api.origin}/authorize`, temporary), { redirect: 'manual' });
const verifier = new URL(approval.headers.get('location')).searchParams.get('oauth_verifier');
const user = await requestTokenCredentials({ signer, url: `${api.origin}/token`, token: { key: temporary.token, secret: temporary.tokenSecret }, verifier });

const oauthFetch = createOAuthFetch(signer, { token: { key: user.token, secret: user.tokenSecret } });

const list = await oauthFetch(`${api.origin}/photos?album=summer`);
console.log(`GET  /photos?album=summer: ${list.status} ${await list.text()}`);

const tagged = await oauthFetch(`${api.origin}/photos/tags`, { method: 'POST', body: new URLSearchParams({ tag: 'sea & sun' }) });
console.log(`POST /photos/tags (a form): ${tagged.status} ${await tagged.text()}`);

const uploaded = await oauthFetch(`${api.origin}/photos/upload`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'upload-1' },
  body: JSON.stringify({ title: 'Vacation' }),
});
console.log(`POST /photos/upload (JSON): ${uploaded.status} ${await uploaded.text()}`);

// A redirect comes back as the response: the signed request is not replayed to another URL.
const moved = await oauthFetch(`${api.origin}/old-photos`);
console.log(`GET  /old-photos: ${moved.status}, Location ${moved.headers.get('location')} (not followed)`);
await api.close();
