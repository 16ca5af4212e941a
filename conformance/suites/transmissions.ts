// Every transmission (RFC 5849 §3.5, issue 34 deliverable 2) and the verifier's side of it: where
// each layout puts the protocol parameters, that each verifies under a verifier holding §3.5's
// "one and only one" place, the refusals of a split layout and of a body hash that does not
// match, and the HMAC-only entry signing every new request byte for byte as createSigner does.
import fc from 'fast-check';
import type * as OAuthCoreHmac from '@paysign/oauth-core/hmac';
import { assert, suite, type Suite } from '../harness.js';
import * as arb from './arbitraries.js';
import { captureError, formPairs, type Flavours, type OAuthCore } from './flavours.js';

type SignInput = Parameters<ReturnType<OAuthCore['createSigner']>['sign']>[0];
type Transmission = 'header' | 'query' | 'body';

const URL_ = 'https://api.example/v1/orders?lang=en';
const SECRET = 'consumer-secret';
const T0 = 1_700_000_000;
const FORM = 'application/x-www-form-urlencoded';

function reasonOf(result: { ok: boolean; reason?: string }): string {
  return result.ok ? 'ok' : (result.reason as string);
}

function protocolNames(pairs: [string, string][]): string[] {
  return pairs.map(([name]) => name).filter((name) => name.startsWith('oauth_'));
}

/** A signed request as a server receives it: the body as bytes or text, and its Content-Type. */
function received(signed: { method: string; url: string; authorization: string; body: string | Uint8Array; headers: Record<string, string> }) {
  return {
    method: signed.method,
    url: signed.url,
    authorization: signed.headers.Authorization ?? null,
    body: signed.body,
    contentType: signed.headers['Content-Type'] ?? null,
  };
}

function transmissionSuite(flavour: string, core: OAuthCore): Suite {
  const signer = (options: Partial<Parameters<OAuthCore['createSigner']>[0]> = {}) =>
    core.createSigner({ consumerKey: 'client', consumerSecret: SECRET, signatureMethod: 'HMAC-SHA1', nonce: () => 'n1', timestamp: () => T0, ...options });
  const verifier = (options: { allowParametersInHeaderAndBody?: boolean; requireBodyHash?: boolean } = {}) =>
    core.createVerifier({ lookup: () => ({ consumerSecret: SECRET }), now: () => T0, nonceStore: { remember: () => true }, ...options });

  return suite(`transmissions [${flavour}]`, (test) => {
    test("'query': every protocol parameter, oauth_signature included, in the URL; no Authorization header", async () => {
      for (const request of [
        { method: 'GET', url: URL_, params: { a: '1' } },
        { method: 'POST', url: URL_, params: { a: '1' } },
        { method: 'PUT', url: URL_, body: '{"a":1}', contentType: 'application/json' },
      ] as SignInput[]) {
        const signed = await signer({ transmission: 'query' }).sign(request);
        const query = formPairs(new URL(signed.url).search);
        assert.equal(signed.authorization, '', `${request.method}: no header value`);
        assert.equal('Authorization' in signed.headers, false);
        assert.deepEqual(protocolNames(query).sort(), [...Object.keys(signed.oauthParams), 'oauth_signature'].sort(), `${request.method}: all in the query`);
        assert.deepEqual(
          query.find(([name]) => name === 'oauth_signature'),
          ['oauth_signature', signed.signature],
        );
        assert.equal(query[0]?.join('='), 'lang=en', "the URL's own query first");
        if (typeof signed.body === 'string') assert.deepEqual(protocolNames(formPairs(signed.body)), [], 'none in the body');
        assert.equal(reasonOf(await verifier().verify(received(signed))), 'ok', request.method as string);
      }
    });

    test("'body': every protocol parameter in the form body, after the caller's pairs; no header", async () => {
      for (const request of [
        { url: URL_, params: { a: '1' } },
        { method: 'PATCH', url: URL_, body: 'b=x+y', contentType: `${FORM}; charset=utf-8` },
        { url: URL_ },
      ] as SignInput[]) {
        const signed = await signer({ transmission: 'body' }).sign(request);
        const body = formPairs(signed.body as string);
        assert.equal(signed.authorization, '');
        assert.equal('Authorization' in signed.headers, false);
        assert.deepEqual(protocolNames(body).sort(), [...Object.keys(signed.oauthParams), 'oauth_signature'].sort());
        assert.equal(new URL(signed.url).search, '?lang=en', 'none in the query');
        if (request.body !== undefined) assert.ok((signed.body as string).startsWith('b=x+y&oauth_'), 'the given body first, as given');
        assert.equal(signed.headers['Content-Type'], request.contentType ?? FORM);
        assert.equal(reasonOf(await verifier().verify(received(signed))), 'ok');
      }
    });

    test("'body' is refused, naming transmission, for GET, HEAD, DELETE, OPTIONS without a form body and for a raw body", async () => {
      for (const method of ['GET', 'HEAD', 'DELETE', 'OPTIONS']) {
        const error = (await captureError(() => signer({ transmission: 'body' }).sign({ method, url: URL_, params: { a: '1' } }))) as {
          code?: string;
          field?: string;
        };
        assert.deepEqual([error?.code, error?.field], ['INVALID_PARAMETER', 'transmission'], method);
      }
      const raw = (await captureError(() => signer().sign({ url: URL_, body: '{}', contentType: 'application/json', transmission: 'body' }))) as {
        field?: string;
      };
      assert.equal(raw?.field, 'transmission');
      const bad = (await captureError(() => signer({ transmission: 'url' as never }))) as { code?: string; source?: string; field?: string };
      assert.deepEqual([bad?.code, bad?.source, bad?.field], ['INVALID_PARAMETER', 'options', 'transmission']);
    });

    test("a request's transmission overrides the signer's; the same request signs the same base string in every layout", async () => {
      const s = signer({ transmission: 'query' });
      const header = await s.sign({ url: URL_, params: { a: '1' }, transmission: 'header' });
      assert.ok(header.headers.Authorization?.startsWith('OAuth '));
      const query = await s.sign({ url: URL_, params: { a: '1' } });
      const body = await s.sign({ url: URL_, params: { a: '1' }, transmission: 'body' });
      assert.equal(query.baseString, header.baseString);
      assert.equal(body.baseString, header.baseString);
      assert.equal(query.signature, header.signature);
    });

    test('property: every transmission of random requests verifies, and a changed raw body is body_hash_mismatch', async () => {
      await fc.assert(
        fc.asyncProperty(
          arb.request,
          fc.constantFrom<Transmission>('header', 'query', 'body'),
          fc.option(fc.uint8Array({ maxLength: 64 }), { nil: undefined }),
          async (request, transmission, raw) => {
            const method = request.method.toUpperCase();
            const getLike = ['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
            fc.pre(!(transmission === 'body' && (getLike || raw !== undefined)));
            fc.pre(!(raw !== undefined && (method === 'GET' || method === 'HEAD')));
            const input: SignInput =
              raw === undefined
                ? { ...request, transmission }
                : { method: request.method, url: request.url, body: raw, contentType: 'application/octet-stream', transmission };
            const signed = await signer().sign(input);
            const sent = received(signed);
            assert.equal(reasonOf(await verifier().verify(sent)), 'ok', `${transmission} ${method}`);
            if (raw !== undefined) {
              assert.ok(signed.oauthParams.oauth_body_hash !== undefined);
              const changed = new Uint8Array([...raw, 0]);
              assert.equal(reasonOf(await verifier().verify({ ...sent, body: changed })), 'body_hash_mismatch');
            }
          },
        ),
        { numRuns: 80 },
      );
    });

    test('protocol_parameters_in_several_places: split between the header and the query, the query and the body, or doubled', async () => {
      const signed = await signer().sign({ url: URL_, params: { a: '1' } });
      const { oauth_nonce: nonce, ...rest } = core.parseAuthorizationHeader(signed.authorization).params;
      const split = { ...received(signed), authorization: core.formatAuthorizationHeader(rest), url: `${signed.url}&oauth_nonce=${nonce}` };
      assert.equal(reasonOf(await verifier().verify(split)), 'protocol_parameters_in_several_places', 'header + query');
      assert.equal(
        reasonOf(await verifier({ allowParametersInHeaderAndBody: true }).verify(split)),
        'ok',
        "the gateway layout allows the header and one other place (here the query: oauthParamsInBody's GET layout)",
      );
      const inQuery = await signer({ transmission: 'query' }).sign({ url: URL_, params: { a: '1' } });
      const plus = `${core.percentEncode('oauth_nonce')}=${core.percentEncode(nonce as string)}`;
      assert.equal(reasonOf(await verifier().verify({ ...received(inQuery), body: `a=1&${plus}` })), 'protocol_parameters_in_several_places', 'query + body');
      assert.equal(
        reasonOf(await verifier({ allowParametersInHeaderAndBody: true }).verify({ ...received(inQuery), body: `a=1&${plus}` })),
        'protocol_parameters_in_several_places',
        'the gateway layout needs the header',
      );
      const gateway = await signer({ oauthParamsInBody: true }).sign({ url: URL_, params: { a: '1' } });
      const three = { ...received(gateway), url: `${gateway.url}&oauth_nonce=n1` };
      assert.equal(reasonOf(await verifier({ allowParametersInHeaderAndBody: true }).verify(three)), 'protocol_parameters_in_several_places', 'three places');
    });

    test('oauth_body_hash: checked against the raw body; refused on a form body; the empty body of a GET (the draft, Appendix A.2)', async () => {
      const json = await signer().sign({ url: URL_, body: '{"amount":"10.00"}', contentType: 'application/json' });
      assert.equal(reasonOf(await verifier().verify(received(json))), 'ok');
      assert.equal(reasonOf(await verifier().verify({ ...received(json), body: '{"amount":"99.00"}' })), 'body_hash_mismatch');
      assert.equal(
        reasonOf(await verifier().verify({ ...received(json), body: new TextEncoder().encode('{"amount":"10.00"}') })),
        'ok',
        'the same body as bytes',
      );
      const sha512 = await signer({ bodyHash: 'SHA-512' }).sign({ url: URL_, body: 'x', contentType: 'text/plain' });
      assert.equal(reasonOf(await verifier().verify(received(sha512))), 'ok', 'a digest the signer chose (by its length)');
      const onForm = await signer().sign({ url: URL_, params: { a: '1' }, oauthParams: { oauth_body_hash: '2jmj7l5rSw0yVb/vlWAYkK/YBwk=' } });
      assert.equal(reasonOf(await verifier().verify(received(onForm))), 'body_hash_on_form_body');
      const get = await signer().sign({ method: 'GET', url: URL_, oauthParams: { oauth_body_hash: '2jmj7l5rSw0yVb/vlWAYkK/YBwk=' } });
      assert.equal(reasonOf(await verifier().verify(received(get))), 'ok', 'the hash of the empty body, on a request without one');
      const unhashed = await signer({ bodyHash: false }).sign({ url: URL_, body: '{}', contentType: 'application/json' });
      assert.equal(reasonOf(await verifier().verify(received(unhashed))), 'ok', 'a raw body without a hash is RFC 5849 alone');
      assert.equal(reasonOf(await verifier({ requireBodyHash: true }).verify(received(unhashed))), 'missing_parameter');
      const forged = await signer().sign({ url: URL_, body: '{}', contentType: 'application/json', oauthParams: {}, bodyHash: 'SHA-1' });
      const { params, realm } = core.parseAuthorizationHeader(forged.authorization);
      const swapped = core.formatAuthorizationHeader({ ...params, oauth_body_hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' }, realm);
      assert.equal(reasonOf(await verifier().verify({ ...received(forged), authorization: swapped })), 'invalid_signature', 'the hash is signed');
    });
  });
}

/** The HMAC-only entry: every new kind of request signed byte for byte as createSigner signs it. */
function hmacSuite(core: OAuthCore, hmac: typeof OAuthCoreHmac): Suite {
  return suite('transmissions [hmac entry]', (test) => {
    test('createHmacSigner: bodies, tokens and transmissions as createSigner', async () => {
      const options = { consumerKey: 'client', consumerSecret: SECRET, nonce: () => 'n1', timestamp: () => T0 } as const;
      const requests: SignInput[] = [
        { url: URL_, body: '{"a":1}', contentType: 'application/json' },
        { url: URL_, body: new TextEncoder().encode('bytes'), contentType: 'application/octet-stream', bodyHash: 'SHA-256' },
        { url: URL_, body: 'a=1', contentType: FORM, transmission: 'body' },
        { method: 'GET', url: URL_, params: { q: 'x' }, transmission: 'query', token: { key: 'user-1', secret: 'user-secret' } },
        { url: URL_, token: { key: 'user-2', secret: 'other' } },
      ];
      for (const signatureMethod of ['HMAC-SHA1', 'HMAC-SHA256'] as const) {
        for (const request of requests) {
          const a = await core.createSigner({ ...options, signatureMethod }).sign(request);
          const b = await hmac.createHmacSigner({ ...options, signatureMethod }).sign(request);
          assert.deepEqual([b.url, b.authorization, b.baseString, b.signature, b.headers], [a.url, a.authorization, a.baseString, a.signature, a.headers]);
          assert.ok(b.body === a.body || String(b.body) === String(a.body), 'the same body');
        }
      }
      const refused = (await captureError(() => hmac.createHmacSigner(options).sign({ method: 'GET', url: URL_, transmission: 'body' }))) as { field?: string };
      assert.equal(refused?.field, 'transmission');
    });
  });
}

export function transmissionSuites(flavours: Flavours, hmac?: typeof OAuthCoreHmac): Suite[] {
  const suites = Object.entries(flavours).map(([name, core]) => transmissionSuite(name, core));
  const any = Object.values(flavours)[0];
  if (hmac && any) suites.push(hmacSuite(any, hmac));
  return suites;
}
