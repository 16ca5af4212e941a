// Differential testing against two independent implementations, oauth-sign and oauth-1.0a, on
// random requests. Node only: the peers use node:crypto. Other runtimes skip this one file, by
// name (`differential.node.ts`).
//
// Where the peers are wrong, only those exact inputs are filtered out (fc.pre), each with why:
// - Both peers take parameters as a plain object, so duplicate names become arrays and the name
//   `__proto__` cannot be expressed (assigning it sets the prototype).
// - oauth-1.0a reads the URL query by hand (deParam): it does not decode names, so a name that
//   needs percent-encoding is encoded twice; it tests `if (data[name])`, so a repeated name
//   whose first value is empty loses that value, and a name inherited from Object.prototype
//   (`constructor`, `toString`, ...) is mistaken for an existing one; it merges query and body
//   into one object, so a name in both keeps only the query's value. It also signs the URL as
//   given (no lowercasing, default ports kept): the URLs generated here are already normalized.
// - oauth-sign only builds the base string from the parameters it is handed (no query parsing,
//   no body reading: its caller, `request`, did that); given the same parameters it is right.
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import OAuth from 'oauth-1.0a';
import * as oauthSign from 'oauth-sign';
import { assert, suite, type Suite } from '../harness.js';
import * as arb from './arbitraries.js';
import type { OAuthCore } from './flavours.js';
import { key1024 } from './rsa-keys.js';

type Method = Parameters<OAuthCore['createSigner']>[0]['signatureMethod'];
type Pairs = [string, string][];

/** Pairs as the peers take them: one member per name, an array for repeated names. */
function asRecord(pairs: readonly (readonly [string, string])[]): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const existing = Object.hasOwn(record, name) ? record[name] : undefined;
    record[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return record;
}

const noProtoName = (pairs: Pairs) => pairs.every(([name]) => name !== '__proto__');
const runs = { numRuns: 120 };

function signerFor(
  core: OAuthCore,
  method: Method,
  secrets: { consumerSecret: string; tokenSecret?: string | undefined },
  nonce: string,
  timestamp: string,
  token?: string,
) {
  return core.createSigner({
    consumerKey: 'merchant-login',
    signatureMethod: method,
    nonce: () => nonce,
    timestamp: () => timestamp,
    ...(method.startsWith('RSA') ? { privateKey: key1024.pkcs1, minimumRsaKeyBits: 1024 } : { consumerSecret: secrets.consumerSecret }),
    ...(secrets.tokenSecret !== undefined && { tokenSecret: secrets.tokenSecret }),
    ...(token !== undefined && { token }),
  });
}

/**
 * The differential suites, run against one flavour (on Node, `@paysign/oauth-core/node`; all
 * flavours are shown equal by the runtime-neutral suites).
 */
export function differentialSuites(core: OAuthCore): Suite[] {
  return [
    suite('differential: oauth-sign and oauth-1.0a', (test) => {
      test('percentEncode equals oauth-sign rfc3986 and oauth-1.0a percentEncode', () => {
        const peer = new OAuth({ consumer: { key: 'k', secret: 's' } });
        fc.assert(
          fc.property(fc.oneof(arb.value, fc.string({ unit: 'binary', maxLength: 40 })), (s) => {
            const ours = core.percentEncode(s);
            return ours === oauthSign.rfc3986(s) && ours === peer.percentEncode(s);
          }),
          runs,
        );
      });

      for (const method of ['HMAC-SHA1', 'HMAC-SHA256', 'PLAINTEXT', 'RSA-SHA1'] as const) {
        test(`oauth-sign: same base string and ${method} signature on random requests`, async () => {
          await fc.assert(
            fc.asyncProperty(
              arb.request,
              arb.secret,
              fc.option(fc.tuple(arb.token, arb.secret), { nil: undefined }),
              arb.nonce,
              arb.timestamp,
              async (request, consumerSecret, tokenPair, nonce, timestamp) => {
                fc.pre(noProtoName(request.params));
                const signed = await signerFor(core, method, { consumerSecret, tokenSecret: tokenPair?.[1] }, nonce, timestamp, tokenPair?.[0]).sign(request);
                const record = asRecord([...request.params, ...Object.entries(signed.oauthParams)]);
                assert.equal(signed.baseString, oauthSign.generateBase(request.method, request.url, record), 'base string');
                const peerSignature =
                  method === 'RSA-SHA1'
                    ? oauthSign.rsasign(request.method, request.url, record, key1024.pkcs1)
                    : oauthSign.sign(method, request.method, request.url, record, consumerSecret, tokenPair?.[1]);
                assert.equal(signed.signature, peerSignature, 'signature');
              },
            ),
            { numRuns: method === 'RSA-SHA1' ? 30 : runs.numRuns },
          );
        });
      }

      const peerFor = (consumerSecret: string, nonce: string, timestamp: string) => {
        const peer = new OAuth({
          consumer: { key: 'merchant-login', secret: consumerSecret },
          signature_method: 'HMAC-SHA1',
          hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
        });
        peer.getNonce = () => nonce;
        peer.getTimeStamp = () => timestamp;
        return peer;
      };

      test('oauth-1.0a: same base string and HMAC-SHA1 signature, parameters in the body', async () => {
        await fc.assert(
          fc.asyncProperty(
            arb.request,
            arb.secret,
            fc.option(fc.tuple(arb.token, arb.secret), { nil: undefined }),
            arb.nonce,
            arb.timestamp,
            async (request, consumerSecret, tokenPair, nonce, timestamp) => {
              fc.pre(noProtoName(request.params));
              const signed = await signerFor(core, 'HMAC-SHA1', { consumerSecret, tokenSecret: tokenPair?.[1] }, nonce, timestamp, tokenPair?.[0]).sign(
                request,
              );
              const peerRequest = { url: request.url, method: request.method, data: asRecord(request.params) };
              const authorized = peerFor(consumerSecret, nonce, timestamp).authorize(peerRequest, tokenPair && { key: tokenPair[0], secret: tokenPair[1] });
              const { oauth_signature: peerSignature, ...oauthData } = authorized;
              assert.equal(
                signed.baseString,
                peerFor(consumerSecret, nonce, timestamp).getBaseString({ ...peerRequest, data: asRecord(request.params) }, oauthData),
                'base string',
              );
              assert.equal(signed.signature, peerSignature, 'signature');
            },
          ),
          runs,
        );
      });

      test('oauth-1.0a: same signature with parameters in the URL query (its query-parsing bugs filtered, see above)', async () => {
        await fc.assert(
          fc.asyncProperty(arb.request, arb.pairs, arb.secret, arb.nonce, arb.timestamp, async (request, query, consumerSecret, nonce, timestamp) => {
            fc.pre(noProtoName(request.params) && noProtoName(query));
            const bodyNames = new Set(request.params.map(([n]) => n));
            const firstValue = new Map<string, string>();
            for (const [n, v] of query) if (!firstValue.has(n)) firstValue.set(n, v);
            fc.pre(query.every(([n]) => core.percentEncode(n) === n)); // names are not decoded
            fc.pre(query.every(([n]) => !(n in Object.prototype))); // inherited names look present
            fc.pre(query.every(([n]) => !bodyNames.has(n))); // query overwrites the body
            fc.pre([...firstValue].every(([n, v]) => v !== '' || query.filter(([m]) => m === n).length === 1)); // empty first value is lost

            const url = request.url + (query.length ? `?${query.map(([n, v]) => `${core.percentEncode(n)}=${core.percentEncode(v)}`).join('&')}` : '');
            const signed = await signerFor(core, 'HMAC-SHA1', { consumerSecret }, nonce, timestamp).sign({ ...request, url });
            const authorized = peerFor(consumerSecret, nonce, timestamp).authorize({ url, method: request.method, data: asRecord(request.params) });
            assert.equal(signed.signature, authorized.oauth_signature);
          }),
          runs,
        );
      });

      test('oauth-1.0a and oauth-sign agree with the Authorization header this library writes', async () => {
        await fc.assert(
          fc.asyncProperty(arb.request, arb.secret, arb.nonce, arb.timestamp, async (request, consumerSecret, nonce, timestamp) => {
            fc.pre(noProtoName(request.params));
            const signed = await signerFor(core, 'HMAC-SHA1', { consumerSecret }, nonce, timestamp).sign(request);
            const { params } = core.parseAuthorizationHeader(signed.authorization);
            const { oauth_signature: signature, ...oauthParams } = params;
            const record = asRecord([...request.params, ...Object.entries(oauthParams)]);
            assert.equal(signature, oauthSign.sign('HMAC-SHA1', request.method, request.url, record, consumerSecret));
          }),
          { numRuns: 60 },
        );
      });

      test("oauth_body_hash of any bytes or text equals node:crypto's digest, for each method's hash", async () => {
        const hashOf: Record<string, string> = { 'HMAC-SHA1': 'sha1', 'HMAC-SHA256': 'sha256', 'HMAC-SHA512': 'sha512' };
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.string({ unit: 'binary', maxLength: 300 })),
            fc.constantFrom<Method>('HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512'),
            async (body, method) => {
              const signed = await signerFor(core, method, { consumerSecret: 's' }, 'n', '1700000000').sign({
                url: 'https://api.example/v1',
                body,
                contentType: 'application/octet-stream',
              });
              const expected = createHash(hashOf[method] as string)
                .update(body)
                .digest('base64');
              assert.equal(signed.oauthParams.oauth_body_hash, expected);
            },
          ),
          { numRuns: 150 },
        );
      });

      test('a JSON body with its oauth_body_hash signs as oauth-1.0a signs it (includeBodyHash)', async () => {
        await fc.assert(
          fc.asyncProperty(
            arb.baseUrl,
            fc.constantFrom('POST', 'PUT', 'PATCH'),
            fc.string({ unit: 'binary', minLength: 1, maxLength: 120 }),
            arb.secret,
            arb.nonce,
            arb.timestamp,
            async (url, method, text, consumerSecret, nonce, timestamp) => {
              const body = JSON.stringify({ note: text });
              const peer = new OAuth({
                consumer: { key: 'merchant-login', secret: consumerSecret },
                signature_method: 'HMAC-SHA1',
                hash_function: (base: string, key: string) => createHmac('sha1', key).update(base).digest('base64'),
                body_hash_function: (data: string) => createHash('sha1').update(data).digest('base64'),
              } as never);
              Object.assign(peer, { getNonce: () => nonce, getTimeStamp: () => timestamp });
              const expected = peer.authorize({ url, method, data: body, includeBodyHash: true } as never) as Record<string, string>;
              const signed = await signerFor(core, 'HMAC-SHA1', { consumerSecret }, nonce, timestamp).sign({
                method,
                url,
                body,
                contentType: 'application/json',
              });
              assert.equal(signed.oauthParams.oauth_body_hash, expected.oauth_body_hash);
              assert.equal(signed.signature, expected.oauth_signature);
            },
          ),
          { numRuns: 80 },
        );
      });
    }),
  ];
}
