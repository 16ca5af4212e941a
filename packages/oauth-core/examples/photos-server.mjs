// A stand-in for an OAuth 1.0 API, for the three-legged-flow.mjs and oauth-fetch.mjs examples: the
// three endpoints of RFC 5849 §2 and a protected resource, on 127.0.0.1, made of createVerifier.
// The resource owner approves every request at once. Not a production server: it keeps its
// tokens in memory, and answers with the verifier's reason when it refuses.
import { createServer } from 'node:http';
import { createVerifier, percentEncode } from '@paysign/oauth-core';

export const CLIENT = { key: 'dpf43f3p2l4k3l03', secret: 'kd94hf93k423kf44' };

const random = () => crypto.randomUUID().replaceAll('-', '');
const form = (pairs) =>
  Object.entries(pairs)
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join('&');

/** Starts the server; resolves `{ origin, close }`. */
export async function startPhotosServer() {
  const tokens = new Map(); // token -> { secret, kind: 'temporary' | 'access', callback, verifier }
  const verifier = createVerifier({
    lookup: (consumerKey, token) =>
      consumerKey !== CLIENT.key
        ? undefined
        : { consumerSecret: CLIENT.secret, tokenSecret: token === undefined ? '' : (tokens.get(token)?.secret ?? random()) },
  });
  const server = createServer(async (request, reply) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url, `http://${request.headers.host}`);
    const send = (status, text, type = 'text/plain') => reply.writeHead(status, { 'Content-Type': type }).end(text);
    if (url.pathname === '/authorize') {
      const entry = tokens.get(url.searchParams.get('oauth_token'));
      if (entry?.kind !== 'temporary') return send(400, 'unknown oauth_token');
      entry.verifier = random();
      const back = new URL(entry.callback);
      back.searchParams.set('oauth_token', url.searchParams.get('oauth_token'));
      back.searchParams.set('oauth_verifier', entry.verifier);
      return reply.writeHead(302, { Location: back.href }).end();
    }
    const contentType = request.headers['content-type'];
    const result = await verifier.verify({
      method: request.method,
      url: url.href,
      authorization: request.headers.authorization,
      ...(body.length > 0 ? { body: new Uint8Array(body), contentType } : {}),
    });
    if (!result.ok) return send(401, result.reason);
    const entry = result.token === undefined ? undefined : tokens.get(result.token);
    if (url.pathname === '/initiate' && request.method === 'POST' && entry === undefined) {
      const token = random();
      tokens.set(token, { secret: random(), kind: 'temporary', callback: result.oauthParams.oauth_callback });
      return send(
        200,
        form({ oauth_token: token, oauth_token_secret: tokens.get(token).secret, oauth_callback_confirmed: 'true' }),
        'application/x-www-form-urlencoded',
      );
    }
    if (url.pathname === '/token' && request.method === 'POST' && entry?.kind === 'temporary' && entry.verifier === result.oauthParams.oauth_verifier) {
      tokens.delete(result.token);
      const token = random();
      tokens.set(token, { secret: random(), kind: 'access' });
      return send(200, form({ oauth_token: token, oauth_token_secret: tokens.get(token).secret, screen_name: 'jane' }), 'application/x-www-form-urlencoded');
    }
    if (url.pathname === '/old-photos') return reply.writeHead(301, { Location: 'https://elsewhere.example/photos' }).end();
    if (url.pathname.startsWith('/photos') && entry?.kind === 'access') {
      return send(200, JSON.stringify({ params: result.params, bodyHash: result.oauthParams.oauth_body_hash ?? null }), 'application/json');
    }
    return send(403, 'not allowed');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
