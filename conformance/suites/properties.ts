// Properties of the pure functions, checked against independent definitions written here from
// the RFC's words, never from the library's code.
import fc from 'fast-check';
import { assert, suite, type Suite } from '../harness.js';
import * as arb from './arbitraries.js';
import { rfcPercentEncode } from './rfc-percent-encode.js';
import type { Flavours, OAuthCore } from './flavours.js';

const utf8 = new TextEncoder();

function byteCompare(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/**
 * RFC 5849 §3.4.1 from its text: the parameters collected (without oauth_signature), each name
 * and value encoded, sorted by name then value, joined with "=" and "&"; then the method, the
 * encoded base string URI and the encoded normalized parameters, joined with "&".
 */
function rfcBaseString(method: string, uri: string, parameters: readonly (readonly [string, string])[]): string {
  const encoded = parameters.filter(([name]) => name !== 'oauth_signature').map(([name, value]) => [rfcPercentEncode(name), rfcPercentEncode(value)] as const);
  encoded.sort((a, b) => byteCompare(a[0], b[0]) || byteCompare(a[1], b[1]));
  const normalized = encoded.map(([name, value]) => `${name}=${value}`).join('&');
  return `${method}&${rfcPercentEncode(uri)}&${rfcPercentEncode(normalized)}`;
}

/** Request URLs, each with its base string URI (§3.4.1.2) and its query's pairs (§3.4.1.3.1), written out by hand. */
const SIGNED_URLS: readonly { url: string; uri: string; query: [string, string][] }[] = [
  { url: 'https://gate.example/payment/api/v4/transfer/1', uri: 'https://gate.example/payment/api/v4/transfer/1', query: [] },
  {
    url: 'https://Gate.Example:443/payment/api/v4/transfer/1?b=%20&a=x+y',
    uri: 'https://gate.example/payment/api/v4/transfer/1',
    query: [
      ['b', ' '],
      ['a', 'x y'],
    ],
  },
  { url: 'http://gate.example:8080/r%20v/X?id=1', uri: 'http://gate.example:8080/r%20v/X', query: [['id', '1']] },
];

/**
 * A long value: a Base64-like unreserved run (as a payload is) between short unicode ends, so
 * that it crosses the 256-character switch of percentEncode and its 8 KiB chunks at every kind
 * of offset, with multi-byte characters and escapes on either side of a chunk's end.
 */
const longValue: fc.Arbitrary<string> = fc
  .tuple(arb.value, fc.integer({ min: 60, max: 4200 }), fc.constantFrom('QUJD', 'QU+/', 'é☃AB', 'AAAA'), arb.value)
  .map(([head, repeat, unit, tail]) => head + unit.repeat(repeat) + tail);

const runs = { numRuns: 150 };

function propertySuite(flavour: string, core: OAuthCore): Suite {
  return suite(`properties [${flavour}]`, (test) => {
    test('percentEncode equals the RFC 5849 §3.6 definition on any unicode string', () => {
      fc.assert(
        fc.property(fc.oneof(arb.value, fc.string({ unit: 'binary', maxLength: 40 })), (s) => core.percentEncode(s) === rfcPercentEncode(s)),
        runs,
      );
    });

    test('percentDecode inverts percentEncode', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => core.percentDecode(core.percentEncode(s)) === s),
        runs,
      );
    });

    test('percentEncode output uses only unreserved characters and uppercase escapes', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => /^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/.test(core.percentEncode(s))),
        runs,
      );
    });

    test('normalizeParameters: encoded pairs, sorted by byte value of name then value, joined by & and =', () => {
      fc.assert(
        fc.property(arb.pairs, (pairs) => {
          const encoded = pairs.map(([n, v]) => [rfcPercentEncode(n), rfcPercentEncode(v)] as const);
          encoded.sort((a, b) => byteCompare(a[0], b[0]) || byteCompare(a[1], b[1]));
          return core.normalizeParameters(pairs) === encoded.map(([n, v]) => `${n}=${v}`).join('&');
        }),
        runs,
      );
    });

    test('normalizeParameters does not depend on input order, and keeps every pair', () => {
      fc.assert(
        fc.property(arb.pairs, fc.nat(), (pairs, seed) => {
          const shuffled = [...pairs].sort((a, b) => ((a[0].length * 31 + a[1].length + seed) % 7) - ((b[0].length * 31 + b[1].length + seed) % 7));
          const normalized = core.normalizeParameters(pairs);
          return normalized === core.normalizeParameters(shuffled) && (pairs.length === 0 ? normalized === '' : normalized.split('&').length === pairs.length);
        }),
        runs,
      );
    });

    test('normalizeParameters: a record with array values equals the same pairs', () => {
      fc.assert(
        fc.property(arb.pairs, (pairs) => {
          const record: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
          for (const [n, v] of pairs) (record[n] ??= []).push(v);
          return core.normalizeParameters(record) === core.normalizeParameters(pairs);
        }),
        runs,
      );
    });

    test('amount sorts before amount-from whatever their values (pairs sorted as pairs, not as joined strings)', () => {
      fc.assert(
        fc.property(arb.value, arb.value, (a, b) => {
          const normalized = core.normalizeParameters([
            ['amount-from', b],
            ['amount', a],
          ]);
          return normalized.startsWith(`amount=${rfcPercentEncode(a)}&amount-from=`);
        }),
        runs,
      );
    });

    test('parseFormPairs reads what URLSearchParams writes', () => {
      fc.assert(
        fc.property(arb.pairs, (pairs) => {
          const decoded = core.parseFormPairs(new URLSearchParams(pairs).toString());
          assert.deepEqual(decoded, pairs);
        }),
        runs,
      );
    });

    test('signatureBaseString: the query is signed like the same pairs given as params', () => {
      fc.assert(
        fc.property(arb.httpMethod, arb.baseUrl, arb.pairs, (method, url, pairs) => {
          const query = pairs.length ? `?${pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&')}` : '';
          const viaQuery = core.signatureBaseString(method, url + query);
          const viaParams = core.signatureBaseString(method, url, pairs);
          assert.equal(viaQuery, viaParams);
          assert.equal(viaParams, `${method.toUpperCase()}&${rfcPercentEncode(url)}&${rfcPercentEncode(core.normalizeParameters(pairs))}`);
        }),
        runs,
      );
    });

    // The one property that holds the signer's fast paths (the last URL's parts kept between
    // requests, each pair encoded once and twice in one pass with its name kept encoded, the base
    // string joined from those pairs, and percentEncode's byte loop for long values) equal to the
    // RFC's steps.
    test('createSigner signs, request after request, the base string of §3.4.1 written out: short and long values, URLs repeated or not', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              url: fc.nat({ max: SIGNED_URLS.length - 1 }),
              asObject: fc.boolean(),
              params: fc.array(fc.tuple(arb.name, fc.oneof({ weight: 3, arbitrary: arb.value }, { weight: 1, arbitrary: longValue })), { maxLength: 6 }),
            }),
            { minLength: 1, maxLength: 4 },
          ),
          async (requests) => {
            const signer = core.createSigner({ consumerKey: 'merchant', consumerSecret: 'kd94hf93k423kf44', signatureMethod: 'HMAC-SHA1' });
            for (const { url, asObject, params } of requests) {
              const target = SIGNED_URLS[url]!;
              const signed = await signer.sign({ url: asObject ? new URL(target.url) : target.url, params });
              const expected = rfcBaseString('POST', target.uri, [...target.query, ...params, ...Object.entries(signed.oauthParams)]);
              assert.equal(signed.baseString, expected);
            }
          },
        ),
        { numRuns: 60 },
      );
    });

    test('formatAuthorizationHeader -> parseAuthorizationHeader round-trips params and realm', () => {
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.tuple(arb.name, arb.value), { selector: ([n]) => n, maxLength: 8 }),
          fc.option(fc.string({ unit: 'binary', maxLength: 12 }), { nil: undefined }),
          (entries, realm) => {
            const params = Object.fromEntries(entries.filter(([n]) => n !== '' && n !== 'realm'));
            const parsed = core.parseAuthorizationHeader(core.formatAuthorizationHeader(params, realm));
            assert.deepEqual({ ...parsed.params }, params);
            assert.equal(parsed.realm, realm);
          },
        ),
        runs,
      );
    });

    test('formatAuthorizationHeader refuses an empty parameter name (it could not be read back)', () => {
      assert.equal((assert.throws(() => core.formatAuthorizationHeader({ '': 'x' })) as { code?: string }).code, 'INVALID_PARAMETER');
    });
  });
}

export function propertySuites(flavours: Flavours): Suite[] {
  return Object.entries(flavours).map(([name, core]) => propertySuite(name, core));
}
