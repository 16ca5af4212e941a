// signRequest, createOAuthFetch and the token dance in every runtime, without sockets: the
// `fetch` they send through is the provider's handler (oauth-provider.ts, the project's
// verifier), so what they sign is verified as a server would, and the WHATWG Request they make
// is this runtime's own. On Node the same runs over real HTTP (packages/oauth-core/test).
import { assert, suite, type Suite } from '../harness.js';
import { captureError, type Flavours, type OAuthCore } from './flavours.js';
import { createOAuthProvider, type ResourceReply } from './oauth-provider.js';

const CLIENT = { key: 'printer-dpf43f3p2l4k3l03', secret: 'kd94hf93k423kf44' };
const ORIGIN = 'https://photos.example.net';

function signedFetchSuite(flavour: string, core: OAuthCore): Suite {
  const provider = createOAuthProvider(core, { [CLIENT.key]: { consumerSecret: CLIENT.secret } });
  const signer = core.createSigner({ consumerKey: CLIENT.key, consumerSecret: CLIENT.secret, signatureMethod: 'HMAC-SHA1' });
  const send = (request: Request) => provider.handle(request);

  async function tokenCredentials(transmission: 'header' | 'query' | 'body' = 'header') {
    const temporary = await core.requestTemporaryCredentials({
      signer,
      url: `${ORIGIN}/initiate`,
      callback: 'https://printer.example.com/ready',
      fetch: send,
      transmission,
    });
    const approval = await send(new Request(core.authorizationUrl(`${ORIGIN}/authorize`, temporary)));
    const verifier = new URL(approval.headers.get('location') ?? '').searchParams.get('oauth_verifier') ?? '';
    const credentials = await core.requestTokenCredentials({
      signer,
      url: `${ORIGIN}/token`,
      token: { key: temporary.token, secret: temporary.tokenSecret },
      verifier,
      fetch: send,
      transmission,
    });
    return { key: credentials.token, secret: credentials.tokenSecret };
  }

  return suite(`signed fetch and token dance [${flavour}]`, (test) => {
    for (const transmission of ['header', 'query', 'body'] as const) {
      test(`the three-legged flow, verified by the project's verifier, protocol parameters in the ${transmission}`, async () => {
        const token = await tokenCredentials(transmission);
        assert.equal(provider.access.get(token.key)?.secret, token.secret);
        const sent = provider.requests.at(-1) as Request;
        assert.equal(sent.headers.get('authorization') !== null, transmission === 'header', 'an Authorization header only for the header transmission');
        assert.equal(new URL(sent.url).searchParams.has('oauth_signature'), transmission === 'query');
      });
    }

    test('signRequest: a GET with a query, for a token; method, URL and the caller headers kept, Authorization set', async () => {
      const token = await tokenCredentials();
      const request = new Request(`${ORIGIN}/photos?file=vacation.jpg&size=original`, { headers: { Accept: 'application/json', 'X-Trace': 't-1' } });
      const signed = await core.signRequest(signer, request, { token });
      assert.ok(signed !== request, 'a new Request');
      assert.deepEqual([signed.method, signed.url], ['GET', `${ORIGIN}/photos?file=vacation.jpg&size=original`]);
      assert.deepEqual([signed.headers.get('accept'), signed.headers.get('x-trace')], ['application/json', 't-1']);
      assert.ok(signed.headers.get('authorization')?.startsWith('OAuth '));
      assert.equal(signed.headers.get('content-type'), null, 'no body, no Content-Type');
      const reply = (await (await send(signed)).json()) as ResourceReply;
      assert.deepEqual(reply.params, [
        ['file', 'vacation.jpg'],
        ['size', 'original'],
      ]);
      assert.equal(reply.token, token.key);
    });

    test('signRequest: a JSON body keeps its bytes and its one Content-Type, and carries oauth_body_hash (the SHA-1 of those bytes)', async () => {
      const token = await tokenCredentials();
      const bytes = new TextEncoder().encode(JSON.stringify({ title: 'Vacation', caption: 'é 😀' }));
      const request = new Request(`${ORIGIN}/photos/upload`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: bytes });
      const signed = await core.signRequest(signer, request, { token });
      assert.equal(signed.method, 'PUT');
      assert.equal(signed.headers.get('content-type'), 'application/json');
      assert.deepEqual(new Uint8Array(await signed.clone().arrayBuffer()), bytes);
      const header = core.parseAuthorizationHeader(signed.headers.get('authorization') ?? '');
      const digest = core.encodeBase64(new Uint8Array(await crypto.subtle.digest('SHA-1', bytes)));
      assert.equal(header.params.oauth_body_hash, digest);
      const response = await send(signed);
      assert.equal(response.status, 200, await response.clone().text());
    });

    test('signRequest: a form body has its pairs signed and no body hash; the signature covers them', async () => {
      const token = await tokenCredentials();
      const signed = await core.signRequest(signer, new Request(`${ORIGIN}/photos/tags`, { method: 'POST', body: new URLSearchParams({ tag: 'sea & sun' }) }), {
        token,
      });
      assert.equal(core.parseAuthorizationHeader(signed.headers.get('authorization') ?? '').params.oauth_body_hash, undefined);
      const reply = (await (await send(signed)).json()) as ResourceReply;
      assert.deepEqual(reply.params, [['tag', 'sea & sun']]);
    });

    test("signRequest: redirect 'manual' unless the request or the options say otherwise; the signal is kept", async () => {
      const plain = await core.signRequest(signer, new Request(`${ORIGIN}/photos`));
      assert.equal(plain.redirect, 'manual');
      const chosen = await core.signRequest(signer, new Request(`${ORIGIN}/photos`), { redirect: 'follow' });
      assert.equal(chosen.redirect, 'follow');
      const controller = new AbortController();
      const withSignal = await core.signRequest(signer, new Request(`${ORIGIN}/photos`, { signal: controller.signal }));
      controller.abort();
      assert.equal(withSignal.signal.aborted, true);
    });

    test('signRequest refuses what is not a Request, and a body without a Content-Type', async () => {
      const notRequest = (await captureError(() => core.signRequest(signer, { url: `${ORIGIN}/photos` } as unknown as Request))) as {
        code?: string;
        field?: string;
      };
      assert.deepEqual([notRequest.code, notRequest.field], ['INVALID_PARAMETER', 'request']);
      const untyped = new Request(`${ORIGIN}/photos`, { method: 'POST', body: new Uint8Array([1, 2, 3]) });
      const noType = (await captureError(() => core.signRequest(signer, untyped))) as { code?: string; field?: string };
      assert.deepEqual([noType.code, noType.field], ['INVALID_PARAMETER', 'contentType']);
    });

    test("createOAuthFetch: fetch's signature, each request signed and sent through the given fetch", async () => {
      const token = await tokenCredentials();
      const oauthFetch = core.createOAuthFetch(signer, { token, fetch: send });
      const viaUrl = await oauthFetch(new URL(`${ORIGIN}/photos?file=a.jpg`));
      assert.equal(viaUrl.status, 200);
      const viaRequest = await oauthFetch(new Request(`${ORIGIN}/photos/notes`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'a note' }));
      assert.equal(viaRequest.status, 200, await viaRequest.clone().text());
      const withInit = await oauthFetch(`${ORIGIN}/photos?file=b.jpg`, { headers: { 'X-Trace': 't-2' } });
      assert.equal(withInit.status, 200);
      assert.equal((provider.requests.at(-1) as Request).headers.get('x-trace'), 't-2');
      assert.equal((provider.requests.at(-1) as Request).redirect, 'manual');
    });

    test('replies: a status other than 2xx -> UNEXPECTED_STATUS with the status; a long one -> REPLY_TOO_LARGE; nothing of the reply in the message', async () => {
      const secretish = 'oauth_token_secret=leaked';
      const refused = (await captureError(() =>
        core.requestTemporaryCredentials({ signer, url: `${ORIGIN}/initiate`, fetch: async () => new Response(secretish, { status: 503 }) }),
      )) as { code?: string; status?: number; message?: string };
      assert.deepEqual([refused.code, refused.status], ['UNEXPECTED_STATUS', 503]);
      assert.ok(!refused.message?.includes('leaked'));
      const long = (await captureError(() =>
        core.requestTemporaryCredentials({
          signer,
          url: `${ORIGIN}/initiate`,
          maxReplyBytes: 64,
          fetch: async () => new Response(`${secretish}&${'x'.repeat(64)}`),
        }),
      )) as { code?: string };
      assert.equal(long.code, 'REPLY_TOO_LARGE');
      const badCap = (await captureError(() => core.requestTemporaryCredentials({ signer, url: `${ORIGIN}/initiate`, maxReplyBytes: 0, fetch: send }))) as {
        field?: string;
      };
      assert.equal(badCap.field, 'maxReplyBytes');
    });
  });
}

/**
 * signRequest, createOAuthFetch and the §2 flow against a verifying handler, for each flavour.
 *
 * @example
 * ```ts
 * const suites = signedFetchSuites({ webcrypto, js });
 * ```
 */
export function signedFetchSuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([flavour, core]) => signedFetchSuite(flavour, core));
}
