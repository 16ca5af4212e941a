// Properties of the pure functions, checked against independent definitions written here from
// the RFC's words, never from the library's code.
import fc from 'fast-check';
import { assert, suite, type Suite } from '../harness.js';
import * as arb from './arbitraries.js';
import type { Flavours, OAuthCore } from './flavours.js';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const utf8 = new TextEncoder();

/** RFC 5849 §3.6 from its text: UTF-8 octets; unreserved characters kept; every other octet %XX, uppercase. */
function rfcPercentEncode(value: string): string {
  let out = '';
  for (const byte of utf8.encode(value)) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function byteCompare(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

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
