// Any body and a token per request (issue 34, deliverables 1 and 3): oauth_body_hash as peers'
// suites sign it (vectors/body-hash.json), the digest of each method, bodies as given, the
// Content-Type of each kind of body, the refusals naming their field, and one signer serving any
// number of tokens exactly as a signer made for each.
import fc from 'fast-check';
import { assert, suite, type Suite } from '../harness.js';
import bodyHashVectors from '../vectors/body-hash.json' with { type: 'json' };
import * as arb from './arbitraries.js';
import { captureError, type Flavours, type OAuthCore } from './flavours.js';
import { key1024 } from './rsa-keys.js';

type Method = Parameters<OAuthCore['createSigner']>[0]['signatureMethod'];
type BodyHashCase = (typeof bodyHashVectors.cases)[number] & { token?: { key: string; secret: string }; oauthParams?: Record<string, string> };

const URL_ = 'https://api.example/v1/orders?lang=en';
const T0 = 1_700_000_000;
const FORM = 'application/x-www-form-urlencoded';
const HELLO = bodyHashVectors.digests;

function fieldOf(error: unknown): [unknown, unknown, unknown] {
  const e = error as { code?: unknown; source?: unknown; field?: unknown } | undefined;
  return [e?.code, e?.source, e?.field];
}

/** An independent Base64 digest: crypto.subtle, present in every runtime of the matrix. */
async function subtleDigest(hash: 'SHA-1' | 'SHA-256' | 'SHA-512', bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest(hash, bytes as Uint8Array<ArrayBuffer>));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function credentialsOf(method: Method, consumerSecret = 'consumer-secret') {
  return method.startsWith('RSA') ? { privateKey: key1024.pkcs1, minimumRsaKeyBits: 1024 } : { consumerSecret };
}

function bodiesSuite(flavour: string, core: OAuthCore): Suite {
  const signer = (options: Partial<Parameters<OAuthCore['createSigner']>[0]> = {}) =>
    core.createSigner({
      consumerKey: 'client',
      consumerSecret: 'consumer-secret',
      signatureMethod: 'HMAC-SHA1',
      nonce: () => 'n1',
      timestamp: () => T0,
      ...options,
    });

  return suite(`bodies and tokens [${flavour}]`, (test) => {
    for (const v of bodyHashVectors.cases as BodyHashCase[]) {
      test(`body hash vector ${v.id}`, async () => {
        const s = core.createSigner({
          consumerKey: v.consumerKey,
          consumerSecret: v.consumerSecret,
          signatureMethod: v.signatureMethod as Method,
          nonce: () => v.nonce,
          timestamp: () => v.timestamp,
        });
        const signed = await s.sign({
          method: v.method,
          url: v.url,
          ...(v.body !== undefined && { body: v.body, contentType: v.contentType }),
          ...(v.token && { token: v.token }),
          ...(v.oauthParams && { oauthParams: v.oauthParams }),
        });
        assert.equal(signed.oauthParams.oauth_body_hash, v.expectedBodyHash, 'oauth_body_hash');
        assert.equal(signed.signature, v.expectedSignature, 'oauth_signature');
        // The peer lists oauth_signature in name order, this signer last: the same parameters.
        if (v.expectedAuthorization !== undefined) {
          assert.deepEqual(
            { ...core.parseAuthorizationHeader(signed.authorization).params },
            { ...core.parseAuthorizationHeader(v.expectedAuthorization).params },
          );
        }
        if (v.body !== undefined) {
          assert.equal(signed.body, v.body, 'the body is sent as given');
          assert.deepEqual(signed.headers, { Authorization: signed.authorization, 'Content-Type': v.contentType });
        }
        if (v.token) assert.equal(signed.oauthParams.oauth_token, v.token.key);
      });
    }

    test("the body hash's digest follows the method (SHA-1 for *-SHA1 and PLAINTEXT), and bodyHash overrides it", async () => {
      const cases: [Method, string][] = [
        ['HMAC-SHA1', HELLO['SHA-1']],
        ['RSA-SHA1', HELLO['SHA-1']],
        ['PLAINTEXT', HELLO['SHA-1']],
        ['HMAC-SHA256', HELLO['SHA-256']],
        ['RSA-SHA256', HELLO['SHA-256']],
        ['HMAC-SHA512', HELLO['SHA-512']],
        ['RSA-SHA512', HELLO['SHA-512']],
      ];
      for (const [method, expected] of cases) {
        const s = signer({ signatureMethod: method, ...credentialsOf(method) });
        const signed = await s.sign({ url: URL_, body: HELLO.body, contentType: 'text/plain' });
        assert.equal(signed.oauthParams.oauth_body_hash, expected, method);
        assert.ok(signed.baseString.includes(`oauth_body_hash%3D${core.percentEncode(core.percentEncode(expected))}`), `${method}: the hash is signed`);
      }
      const sha256 = signer({ bodyHash: 'SHA-256' });
      assert.equal((await sha256.sign({ url: URL_, body: HELLO.body, contentType: 'text/plain' })).oauthParams.oauth_body_hash, HELLO['SHA-256']);
      const perRequest = await sha256.sign({ url: URL_, body: HELLO.body, contentType: 'text/plain', bodyHash: 'SHA-512' });
      assert.equal(perRequest.oauthParams.oauth_body_hash, HELLO['SHA-512'], "the request's bodyHash overrides the signer's");
      const none = await signer({ bodyHash: false }).sign({ url: URL_, body: HELLO.body, contentType: 'text/plain' });
      assert.equal('oauth_body_hash' in none.oauthParams, false, 'bodyHash: false sends none');
      assert.ok(!none.baseString.includes('oauth_body_hash'));
      const back = await signer({ bodyHash: false }).sign({ url: URL_, body: HELLO.body, contentType: 'text/plain', bodyHash: 'SHA-1' });
      assert.equal(back.oauthParams.oauth_body_hash, HELLO['SHA-1']);
    });

    test('a Uint8Array body is sent as that Uint8Array, hashed as its bytes (a string as its UTF-8)', async () => {
      const text = 'caf\u00e9 \u2603 {"a":1}';
      const bytes = new TextEncoder().encode(text);
      const fromBytes = await signer().sign({ method: 'PUT', url: URL_, body: bytes, contentType: 'application/octet-stream' });
      const fromText = await signer().sign({ method: 'PUT', url: URL_, body: text, contentType: 'application/octet-stream' });
      assert.ok(fromBytes.body === bytes, 'the same Uint8Array');
      assert.equal(fromBytes.oauthParams.oauth_body_hash, await subtleDigest('SHA-1', bytes));
      assert.equal(fromText.oauthParams.oauth_body_hash, fromBytes.oauthParams.oauth_body_hash);
      assert.equal(fromText.signature, fromBytes.signature);
      const slice = new Uint8Array([0, 1, 2, 3, 4, 5]).subarray(2, 4);
      const sliced = await signer().sign({ url: URL_, body: slice, contentType: 'application/octet-stream' });
      assert.equal(sliced.oauthParams.oauth_body_hash, await subtleDigest('SHA-1', new Uint8Array([2, 3])), 'a view hashes its own bytes only');
      const empty = await signer().sign({ url: URL_, body: '', contentType: 'text/plain' });
      assert.equal(empty.oauthParams.oauth_body_hash, '2jmj7l5rSw0yVb/vlWAYkK/YBwk=', 'the empty body has its hash');
    });

    test('property: the body hash of any bytes is their digest', async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.constantFrom<Method>('HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512'), async (bytes, method) => {
          const signed = await signer({ signatureMethod: method }).sign({ url: URL_, body: bytes, contentType: 'application/octet-stream' });
          const hash = method === 'HMAC-SHA1' ? 'SHA-1' : method === 'HMAC-SHA256' ? 'SHA-256' : 'SHA-512';
          assert.equal(signed.oauthParams.oauth_body_hash, await subtleDigest(hash, bytes));
        }),
        { numRuns: 60 },
      );
    });

    test('a form body: its pairs are signed as params are, it is sent as given, never hashed', async () => {
      const asParams = await signer().sign({
        url: URL_,
        params: [
          ['b', 'x y'],
          ['a', '1'],
        ],
      });
      for (const contentType of [FORM, 'Application/X-WWW-Form-URLEncoded; charset=UTF-8', ` ${FORM} ;charset=utf-8`]) {
        const asBody = await signer().sign({ url: URL_, body: 'b=x+y&a=1', contentType });
        assert.equal(asBody.baseString, asParams.baseString, contentType);
        assert.equal(asBody.body, 'b=x+y&a=1', 'sent as given');
        assert.equal('oauth_body_hash' in asBody.oauthParams, false, 'a form body has no body hash');
        assert.deepEqual(asBody.headers, { Authorization: asBody.authorization, 'Content-Type': contentType });
      }
      const bytes = await signer().sign({ url: URL_, body: new TextEncoder().encode('b=x+y&a=1'), contentType: FORM });
      assert.equal(bytes.baseString, asParams.baseString, 'a form given as bytes');
      const forced = await signer({ bodyHash: 'SHA-256' }).sign({ url: URL_, body: 'a=1', contentType: FORM, bodyHash: 'SHA-1' });
      assert.equal('oauth_body_hash' in forced.oauthParams, false, 'never for a form, whatever bodyHash says');
    });

    test('no body hash for GET, HEAD, or a request without a body', async () => {
      for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
        const signed = await signer({ bodyHash: 'SHA-256' }).sign({ method, url: URL_, params: { a: '1' } });
        assert.equal('oauth_body_hash' in signed.oauthParams, false, method);
      }
      const bare = await signer().sign({ url: URL_ });
      assert.equal('oauth_body_hash' in bare.oauthParams, false);
    });

    test("Content-Type: the caller's for a raw body, the form type for a form, none without a body", async () => {
      const bare = await signer().sign({ url: URL_ });
      assert.deepEqual(bare.headers, { Authorization: bare.authorization }, 'a POST without a body has no Content-Type');
      assert.equal(bare.body, '');
      const emptyForm = await signer().sign({ url: URL_, params: {} });
      assert.deepEqual(emptyForm.headers, { Authorization: emptyForm.authorization, 'Content-Type': FORM }, 'params given: a form body, even empty');
      const json = await signer().sign({ url: URL_, body: '{}', contentType: 'application/json; charset=utf-8' });
      assert.deepEqual(json.headers, { Authorization: json.authorization, 'Content-Type': 'application/json; charset=utf-8' });
      const get = await signer().sign({ method: 'GET', url: URL_, params: { a: '1' } });
      assert.deepEqual(get.headers, { Authorization: get.authorization });
    });

    test('refusals name their field: a body on GET/HEAD, params with a body, a body without contentType, bad options', async () => {
      const s = signer();
      const cases: [string, Parameters<ReturnType<typeof signer>['sign']>[0], string][] = [
        ['GET with a body', { method: 'GET', url: URL_, body: 'x', contentType: 'text/plain' }, 'body'],
        ['HEAD with a body', { method: 'HEAD', url: URL_, body: 'x', contentType: 'text/plain' }, 'body'],
        ['params and a form body', { url: URL_, params: { a: '1' }, body: 'b=2', contentType: FORM }, 'params'],
        ['params and a raw body', { url: URL_, params: { a: '1' }, body: '{}', contentType: 'application/json' }, 'params'],
        ['a body without contentType', { url: URL_, body: '{}' }, 'contentType'],
        ['a contentType that could end the header', { url: URL_, body: '{}', contentType: 'application/json\r\nX-Evil: 1' }, 'contentType'],
        ['a non-form contentType without a body', { url: URL_, contentType: 'application/json' }, 'contentType'],
        ['a body that is neither string nor bytes', { url: URL_, body: { a: 1 } as never, contentType: 'application/json' }, 'body'],
        ['a bad bodyHash', { url: URL_, body: '{}', contentType: 'application/json', bodyHash: 'MD5' as never }, 'bodyHash'],
        ['a token without its secret', { url: URL_, token: { key: 'k' } as never }, 'token'],
        ['a token with an empty key', { url: URL_, token: { key: '', secret: 's' } }, 'token'],
      ];
      for (const [what, request, field] of cases) {
        assert.deepEqual(fieldOf(await captureError(() => s.sign(request))), ['INVALID_PARAMETER', 'request', field], what);
      }
      assert.deepEqual(
        fieldOf(await captureError(() => s.sign({ url: URL_, body: 'a=%ZZ', contentType: FORM }))),
        ['INVALID_STRING', 'request', 'body'],
        'a form body with a broken escape',
      );
      assert.deepEqual(
        fieldOf(await captureError(() => s.sign({ url: URL_, body: 'oauth_nonce=x', contentType: FORM }))),
        ['INVALID_PARAMETER', 'request', 'body'],
        'a form body may not set a protocol parameter',
      );
      assert.deepEqual(fieldOf(await captureError(() => signer({ bodyHash: 'SHA-3' as never }))), ['INVALID_PARAMETER', 'options', 'bodyHash']);
    });

    test('RFC 5849 §1.2: one signer without a token signs the photo request for its token, as the RFC does', async () => {
      const s = core.createSigner({
        consumerKey: 'dpf43f3p2l4k3l03',
        consumerSecret: 'kd94hf93k423kf44',
        signatureMethod: 'HMAC-SHA1',
        realm: 'Photos',
        version: false,
        nonce: () => 'chapoH',
        timestamp: () => '137131202',
      });
      const other = await s.sign({
        method: 'GET',
        url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
        token: { key: 'someone', secret: 'else' },
      });
      const signed = await s.sign({
        method: 'GET',
        url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
        token: { key: 'nnch734d00sl2jdk', secret: 'pfkkdhi9sl3r4s00' },
      });
      assert.equal(signed.signature, 'MdpQcU8iPSUjWoN/UDMsK2sui9I=', 'vectors/signed-requests.json rfc5849-1.2-photos');
      assert.equal(signed.oauthParams.oauth_token, 'nnch734d00sl2jdk');
      assert.notEqual(other.signature, signed.signature);
      const untokened = await s.sign({ method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original' });
      assert.equal('oauth_token' in untokened.oauthParams, false, 'the next request without a token has none');
    });

    test('property: a token per request signs exactly as a signer made with that token (HMAC, PLAINTEXT, RSA), across many tokens', async () => {
      for (const method of ['HMAC-SHA1', 'HMAC-SHA256', 'PLAINTEXT', 'RSA-SHA256'] as Method[]) {
        const shared = core.createSigner({
          consumerKey: 'client',
          signatureMethod: method,
          token: 'own',
          tokenSecret: 'own-secret',
          nonce: () => 'n',
          timestamp: () => T0,
          ...credentialsOf(method),
        });
        await fc.assert(
          fc.asyncProperty(fc.array(fc.tuple(arb.token, arb.secret), { minLength: 1, maxLength: 24 }), arb.request, async (tokens, request) => {
            // More tokens than the signer keeps keys for, and some repeated: each request still signs for its own.
            for (const [key, secret] of [...tokens, ...tokens.slice(0, 3)]) {
              const dedicated = core.createSigner({
                consumerKey: 'client',
                signatureMethod: method,
                token: key,
                tokenSecret: secret,
                nonce: () => 'n',
                timestamp: () => T0,
                ...credentialsOf(method),
              });
              const viaShared = await shared.sign({ ...request, token: { key, secret } });
              const viaDedicated = await dedicated.sign(request);
              assert.equal(viaShared.authorization, viaDedicated.authorization, `${method} token ${key}`);
              assert.equal(viaShared.baseString, viaDedicated.baseString);
            }
            const own = core.createSigner({
              consumerKey: 'client',
              signatureMethod: method,
              token: 'own',
              tokenSecret: 'own-secret',
              nonce: () => 'n',
              timestamp: () => T0,
              ...credentialsOf(method),
            });
            assert.equal((await shared.sign(request)).authorization, (await own.sign(request)).authorization, "without a token, the signer's own");
          }),
          { numRuns: method.startsWith('RSA') ? 4 : 15 },
        );
      }
    });
  });
}

export function bodiesAndTokensSuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([name, core]) => bodiesSuite(name, core));
}
