// RFC 5849 §2 and the signed fetch over real HTTP on Node: the three-legged flow against a
// node:http server whose endpoints are the project's verifier (conformance/suites/oauth-provider.ts),
// in each transmission; what a signed request looks like on the wire (one Content-Type, the
// caller's headers kept, the body's bytes as given); redirects never followed with a signature;
// a reply refused for its status or its length, with no secret in the error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthCore } from '../../../conformance/suites/flavours.js';
import { createOAuthProvider } from '../../../conformance/suites/oauth-provider.js';
import * as encoding from '../src/entries/encoding.js';
import * as core from '../src/entries/node.js';
import { type ServedHandler, serveHandler } from './_serve-handler.js';

const { authorizationUrl, createOAuthFetch, createSigner, OAuthError, parseAuthorizationCallback, requestTemporaryCredentials, requestTokenCredentials } = core;
const CLIENT = { key: 'printer-dpf43f3p2l4k3l03', secret: 'kd94hf93k423kf44-client-secret' };
const provider = createOAuthProvider({ ...core, ...encoding } as unknown as OAuthCore, { [CLIENT.key]: { consumerSecret: CLIENT.secret } });
const signer = createSigner({ consumerKey: CLIENT.key, consumerSecret: CLIENT.secret, signatureMethod: 'HMAC-SHA1' });

let server: ServedHandler;
let elsewhere: ServedHandler; // another origin, where redirects point
const special = new Map<string, () => Response>();
beforeAll(async () => {
  server = await serveHandler((request) => {
    const make = special.get(new URL(request.url).pathname);
    return make ? Promise.resolve(make()) : provider.handle(request);
  });
  elsewhere = await serveHandler(async () => new Response('oauth_token=x&oauth_token_secret=y&oauth_callback_confirmed=true'));
});
afterAll(async () => {
  await server.close();
  await elsewhere.close();
});

/** Steps 1-3, as an app does them, with the transmission given; resolves the token credentials. */
async function threeLegs(transmission: 'header' | 'query' | 'body') {
  const callback = 'http://127.0.0.1/printer/ready';
  const temporary = await requestTemporaryCredentials({ signer, url: `${server.origin}/initiate`, callback, transmission });
  expect(temporary.callbackConfirmed).toBe(true);
  // The resource owner's browser: the server sends it back to the callback with the verifier.
  const approval = await fetch(authorizationUrl(`${server.origin}/authorize`, temporary), { redirect: 'manual' });
  expect(approval.status).toBe(302);
  const location = approval.headers.get('location') ?? '';
  expect(location.startsWith(`${callback}?`)).toBe(true);
  // The app's callback route reads what the browser came back with, checked against the temporary token.
  const back = parseAuthorizationCallback(new Request(location), { temporary });
  expect(back.token).toBe(temporary.token);
  const credentials = await requestTokenCredentials({
    signer,
    url: `${server.origin}/token`,
    token: { key: back.token, secret: temporary.tokenSecret },
    verifier: back.verifier,
    transmission,
  });
  return { temporary, credentials };
}

describe('the three-legged flow over HTTP against the project verifier', () => {
  for (const transmission of ['header', 'query', 'body'] as const) {
    it(`temporary credentials, authorization, token credentials, then a resource, protocol parameters in the ${transmission}`, async () => {
      const before = server.arrived.length;
      const { temporary, credentials } = await threeLegs(transmission);
      expect(provider.access.get(credentials.token)?.secret).toBe(credentials.tokenSecret);
      expect(provider.temporary.has(temporary.token)).toBe(false); // spent at step 3
      expect(credentials.extra).toEqual({ user_id: '6253282' });

      const oauthFetch = createOAuthFetch(signer, {
        token: { key: credentials.token, secret: credentials.tokenSecret },
        transmission: transmission === 'body' ? 'header' : transmission,
      });
      const response = await oauthFetch(`${server.origin}/photos?file=vacation.jpg&size=original`);
      expect(response.status).toBe(200);
      const seen = (await response.json()) as { token: string; params: [string, string][] };
      expect(seen.token).toBe(credentials.token);
      expect(seen.params).toEqual([
        ['file', 'vacation.jpg'],
        ['size', 'original'],
      ]);

      // On the wire: the protocol parameters in one place only.
      const [initiate, , token] = server.arrived.slice(before);
      for (const sent of [initiate!, token!]) {
        const header = sent.headers.find(([name]) => name === 'authorization')?.[1];
        const inQuery = sent.target.includes('oauth_signature=');
        const inBody = sent.body.toString().includes('oauth_signature=');
        expect([header !== undefined, inQuery, inBody]).toEqual([transmission === 'header', transmission === 'query', transmission === 'body']);
      }
      expect(initiate!.target.startsWith('/initiate')).toBe(true);
    });
  }

  it("oauth_callback is 'oob' when none is given, and the verifier then comes as text", async () => {
    const temporary = await requestTemporaryCredentials({ signer, url: `${server.origin}/initiate` });
    expect(provider.temporary.get(temporary.token)?.callback).toBe('oob');
    const page = await fetch(authorizationUrl(`${server.origin}/authorize`, temporary.token));
    const verifier = new URLSearchParams(await page.text()).get('oauth_verifier') ?? '';
    const credentials = await requestTokenCredentials({
      signer,
      url: `${server.origin}/token`,
      token: { key: temporary.token, secret: temporary.tokenSecret },
      verifier,
    });
    expect(provider.access.has(credentials.token)).toBe(true);
  });

  it('a wrong verifier: the server refuses with 401, which comes back as UNEXPECTED_STATUS with the status and without the token secret', async () => {
    const temporary = await requestTemporaryCredentials({ signer, url: `${server.origin}/initiate`, callback: 'http://127.0.0.1/ready' });
    await fetch(authorizationUrl(`${server.origin}/authorize`, temporary.token), { redirect: 'manual' });
    const error = await requestTokenCredentials({
      signer,
      url: `${server.origin}/token`,
      token: { key: temporary.token, secret: temporary.tokenSecret },
      verifier: 'not-the-verifier',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ code: 'UNEXPECTED_STATUS', status: 401, source: 'reply' });
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message, stack: (error as Error).stack })).not.toContain(temporary.tokenSecret);
  });

  it('a signature with another secret is refused by the server: 401', async () => {
    const wrong = createSigner({ consumerKey: CLIENT.key, consumerSecret: 'not-the-secret', signatureMethod: 'HMAC-SHA1' });
    await expect(requestTemporaryCredentials({ signer: wrong, url: `${server.origin}/initiate` })).rejects.toMatchObject({
      code: 'UNEXPECTED_STATUS',
      status: 401,
    });
  });

  it('a callback that is neither oob nor an absolute URI is refused before anything is sent', async () => {
    const before = server.arrived.length;
    await expect(requestTemporaryCredentials({ signer, url: `${server.origin}/initiate`, callback: '/ready' })).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
      field: 'callback',
    });
    await expect(requestTokenCredentials({ signer, url: `${server.origin}/token`, token: { key: 'k', secret: 's' }, verifier: '' })).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
      field: 'verifier',
    });
    expect(server.arrived.length).toBe(before);
  });
});

describe('replies refused over HTTP', () => {
  it('a redirect from a credentials endpoint is not followed: UNEXPECTED_STATUS 307, and the other origin gets nothing', async () => {
    special.set('/moved', () => new Response(null, { status: 307, headers: { Location: `${elsewhere.origin}/initiate` } }));
    await expect(requestTemporaryCredentials({ signer, url: `${server.origin}/moved` })).rejects.toMatchObject({ code: 'UNEXPECTED_STATUS', status: 307 });
    expect(elsewhere.arrived).toEqual([]);
  });

  it('a reply longer than maxReplyBytes is refused before it is parsed: declared by Content-Length, or streamed without one', async () => {
    const reply = `oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=true&padding=${'x'.repeat(20_000)}`;
    special.set('/long', () => new Response(reply));
    special.set('/streamed', () => {
      const bytes = new TextEncoder().encode(reply);
      return new Response(
        new ReadableStream({
          start(controller) {
            for (let i = 0; i < bytes.length; i += 1000) controller.enqueue(bytes.slice(i, i + 1000));
            controller.close();
          },
        }),
      );
    });
    for (const path of ['/long', '/streamed']) {
      await expect(requestTemporaryCredentials({ signer, url: `${server.origin}${path}` })).rejects.toMatchObject({ code: 'REPLY_TOO_LARGE', source: 'reply' });
      const read = await requestTemporaryCredentials({ signer, url: `${server.origin}${path}`, maxReplyBytes: 30_000 });
      expect(read.extra.padding?.length).toBe(20_000);
    }
    const streamed = server.arrived.filter((a) => a.target === '/streamed');
    expect(streamed.length).toBe(2);
  });

  it('a temporary reply without oauth_callback_confirmed=true is refused: CALLBACK_NOT_CONFIRMED', async () => {
    special.set('/unconfirmed', () => new Response('oauth_token=t&oauth_token_secret=s'));
    await expect(requestTemporaryCredentials({ signer, url: `${server.origin}/unconfirmed` })).rejects.toMatchObject({ code: 'CALLBACK_NOT_CONFIRMED' });
  });
});

describe('createOAuthFetch on the wire', () => {
  it("a JSON POST: the bytes as given, one Content-Type (the caller's), the caller's headers kept, oauth_body_hash verified by the server", async () => {
    const { credentials } = await threeLegs('header');
    const oauthFetch = createOAuthFetch(signer, { token: { key: credentials.token, secret: credentials.tokenSecret } });
    const body = JSON.stringify({ title: 'Vacation', note: 'é 😀' });
    const response = await oauthFetch(`${server.origin}/photos/upload?album=summer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': 'req-7' },
      body,
    });
    expect([response.status, response.status === 200 ? '' : await response.clone().text()]).toEqual([200, '']);
    const seen = (await response.json()) as { oauthParams: Record<string, string> };
    const digest = Buffer.from(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(body))).toString('base64');
    expect(seen.oauthParams.oauth_body_hash).toBe(digest);
    const sent = server.arrived.at(-1)!;
    expect(sent.body.toString('utf8')).toBe(body);
    expect(sent.headers.filter(([name]) => name === 'content-type')).toEqual([['content-type', 'application/json; charset=utf-8']]);
    expect(sent.headers.filter(([name]) => name === 'x-request-id')).toEqual([['x-request-id', 'req-7']]);
    expect(sent.headers.filter(([name]) => name === 'authorization').length).toBe(1);
  });

  it('a form POST: its pairs are signed (no body hash) and the server reads them', async () => {
    const { credentials } = await threeLegs('header');
    const oauthFetch = createOAuthFetch(signer, { token: { key: credentials.token, secret: credentials.tokenSecret } });
    const response = await oauthFetch(`${server.origin}/photos/tags`, { method: 'POST', body: new URLSearchParams({ tag: 'sea & sun', n: '2' }) });
    const seen = (await response.json()) as { oauthParams: Record<string, string>; params: [string, string][] };
    expect(seen.params).toEqual([
      ['tag', 'sea & sun'],
      ['n', '2'],
    ]);
    expect(seen.oauthParams.oauth_body_hash).toBeUndefined();
  });

  it('a redirect is returned, not followed: the signed request never reaches the other origin; redirect: "follow" opts in', async () => {
    special.set('/photos-moved', () => new Response(null, { status: 302, headers: { Location: `${elsewhere.origin}/photos` } }));
    const oauthFetch = createOAuthFetch(signer);
    const before = elsewhere.arrived.length;
    const response = await oauthFetch(`${server.origin}/photos-moved`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${elsewhere.origin}/photos`);
    expect(elsewhere.arrived.length).toBe(before);
    const followed = await oauthFetch(`${server.origin}/photos-moved`, { redirect: 'follow' });
    expect(followed.status).toBe(200);
    expect(elsewhere.arrived.length).toBe(before + 1);
  });
});
