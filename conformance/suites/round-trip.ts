// createSigner -> createVerifier accepts every signed request, and refuses it after any change
// to what was signed: the method, the URL, a parameter name or value, or a header parameter.
// The realm is never signed, so changing it must still verify.
import fc from 'fast-check';
import { assert, suite, type Suite } from '../harness.js';
import * as arb from './arbitraries.js';
import { formPairs, type Flavours, type OAuthCore } from './flavours.js';
import { key1024 } from './rsa-keys.js';

type Method = Parameters<OAuthCore['createSigner']>[0]['signatureMethod'];
type Pairs = [string, string][];

const BODYLESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

/** Replaces the code point at `index` (mod length) with a different one; inserts one into an empty string. */
function changeOne(text: string, index: number, replacement: string): string {
  const points = Array.from(text);
  if (points.length === 0) return replacement;
  const i = index % points.length;
  points[i] = points[i] === replacement ? (replacement === 'x' ? 'y' : 'x') : replacement;
  return points.join('');
}

interface Sent {
  method: string;
  url: string;
  authorization: string;
  body: string;
}

type Mutation = { what: string; apply: (sent: Sent, core: OAuthCore) => Sent | undefined };

const replacement = fc.constantFrom('x', 'Z', '0', '~', ' ', '+', '=', '&', '%', 'é', '😀');

function withUrl(sent: Sent, change: (url: URL) => void): Sent | undefined {
  const url = new URL(sent.url);
  change(url);
  return url.href === sent.url ? undefined : { ...sent, url: url.href };
}

/** One semantic change to one signed part of the request (undefined when that part is absent). */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ i: fc.nat(), c: fc.constantFrom('X', 'Q') }).map(
    ({ i, c }): Mutation => ({
      what: 'the method',
      apply: (s) => ({ ...s, method: changeOne(s.method.toUpperCase(), i, c) }),
    }),
  ),
  fc.record({ i: fc.nat(), c: fc.constantFrom('q', 'z', '9') }).map(
    ({ i, c }): Mutation => ({
      what: 'the URL host',
      apply: (s) =>
        withUrl(s, (url) => {
          const labels = url.hostname.split('.');
          labels[0] = changeOne(labels[0]!, i, c);
          url.hostname = labels.join('.');
        }),
    }),
  ),
  fc.constant<Mutation>({ what: 'the URL port', apply: (s) => withUrl(s, (url) => void (url.port = url.port === '9999' ? '9998' : '9999')) }),
  fc.constant<Mutation>({ what: 'the URL scheme', apply: (s) => withUrl(s, (url) => void (url.protocol = url.protocol === 'http:' ? 'https:' : 'http:')) }),
  fc.record({ i: fc.nat(), c: fc.constantFrom('x', 'Z', '0', '~') }).map(
    ({ i, c }): Mutation => ({
      what: 'the URL path',
      apply: (s) => withUrl(s, (url) => void (url.pathname = `/${changeOne(url.pathname.slice(1), i, c)}`)),
    }),
  ),
  fc.record({ pair: fc.nat(), side: fc.constantFrom(0, 1), i: fc.nat(), c: replacement }).map(
    ({ pair, side, i, c }): Mutation => ({
      what: 'a parameter name or value',
      apply: (s) => {
        const inQuery = BODYLESS.has(s.method.toUpperCase());
        const pairs: Pairs = formPairs(inQuery ? new URL(s.url).search.slice(1) : s.body);
        if (pairs.length === 0) return undefined;
        const target = pairs[pair % pairs.length]!;
        target[side] = changeOne(target[side], i, c);
        const encoded = new URLSearchParams(pairs).toString();
        return inQuery ? withUrl(s, (url) => void (url.search = encoded)) : { ...s, body: encoded };
      },
    }),
  ),
  fc.record({ param: fc.nat(), i: fc.nat(), c: replacement }).map(
    ({ param, i, c }): Mutation => ({
      what: 'an Authorization header parameter',
      apply: (s, core) => {
        const { realm, params } = core.parseAuthorizationHeader(s.authorization);
        const names = Object.keys(params);
        const name = names[param % names.length]!;
        return { ...s, authorization: core.formatAuthorizationHeader({ ...params, [name]: changeOne(params[name]!, i, c) }, realm) };
      },
    }),
  ),
);

const METHODS: [Method, number][] = [
  ['HMAC-SHA1', 40],
  ['HMAC-SHA256', 15],
  ['HMAC-SHA512', 15],
  ['PLAINTEXT', 15],
  ['RSA-SHA1', 8],
  ['RSA-SHA256', 12],
  ['RSA-SHA512', 8],
];

function reasonOf(result: { ok: boolean; reason?: string }): string {
  return result.ok ? 'ok' : (result.reason as string);
}

function roundTripSuite(flavour: string, core: OAuthCore): Suite {
  return suite(`sign -> verify round trips [${flavour}]`, (test) => {
    for (const [method, numRuns] of METHODS) {
      test(`${method}: every signed request verifies; any change to a signed part fails`, async () => {
        const rsa = method.startsWith('RSA');
        await fc.assert(
          fc.asyncProperty(
            arb.request,
            arb.secret,
            fc.option(fc.tuple(arb.token, arb.secret), { nil: undefined }),
            arb.nonce,
            arb.timestamp,
            fc.array(mutation, { minLength: 1, maxLength: 4 }),
            async (request, consumerSecret, tokenPair, nonce, timestamp, mutations) => {
              const signer = core.createSigner({
                consumerKey: 'merchant-login',
                signatureMethod: method,
                realm: 'gateway',
                nonce: () => nonce,
                timestamp: () => timestamp,
                ...(rsa ? { privateKey: key1024.pkcs1, minimumRsaKeyBits: 1024 } : { consumerSecret }),
                ...(tokenPair && { token: tokenPair[0], tokenSecret: tokenPair[1] }),
              });
              const signed = await signer.sign(request);
              const record = rsa
                ? { publicKey: key1024.publicPkcs1, minimumRsaKeyBits: 1024, signatureMethods: [method] }
                : { consumerSecret, ...(tokenPair && { tokenSecret: tokenPair[1] }), signatureMethods: [method] };
              // A store that forgets, so that each verification is judged on its signature alone.
              const verifier = core.createVerifier({ lookup: () => record, now: () => Number(timestamp), nonceStore: { remember: () => true } });
              const sent: Sent = { method: signed.method, url: signed.url, authorization: signed.authorization, body: signed.body };

              const ok = await verifier.verify(sent);
              assert.ok(ok.ok, `the signed request must verify: ${ok.ok ? '' : ok.reason}`);
              assert.deepEqual(
                ok.params,
                [...formPairs(new URL(request.url).search.slice(1)), ...request.params],
                'the verifier returns the parameters that were signed',
              );

              const otherRealm = core.parseAuthorizationHeader(sent.authorization);
              const realmChanged = await verifier.verify({ ...sent, authorization: core.formatAuthorizationHeader(otherRealm.params, 'other realm') });
              assert.ok(realmChanged.ok, 'the realm is not signed');

              if (method === 'PLAINTEXT') {
                // PLAINTEXT signs nothing but the secrets (RFC 5849 §3.4.4): only its signature can be wrong.
                const { realm, params } = core.parseAuthorizationHeader(sent.authorization);
                const forged = core.formatAuthorizationHeader({ ...params, oauth_signature: changeOne(params.oauth_signature!, nonce.length, 'x') }, realm);
                assert.equal(reasonOf(await verifier.verify({ ...sent, authorization: forged })), 'invalid_signature');
                return;
              }
              for (const m of mutations) {
                const changed = m.apply(sent, core);
                if (
                  !changed ||
                  (changed.method.toUpperCase() === sent.method.toUpperCase() &&
                    changed.url === sent.url &&
                    changed.body === sent.body &&
                    changed.authorization === sent.authorization)
                )
                  continue;
                const result = await verifier.verify(changed);
                assert.equal(result.ok, false, `changing ${m.what} must fail: ${JSON.stringify(changed)}`);
              }
            },
          ),
          { numRuns },
        );
      });
    }
  });
}

export function roundTripSuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([name, core]) => roundTripSuite(name, core));
}
