// The signer remembers the parameter order of the last name list (names only), the names'
// encodings and the last URL's parts: every request of a sequence must still sign the base string
// the public one-shot signatureBaseString gives, whatever the URLs, values, repeated names and
// name orders that come one after another.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSigner, signatureBaseString } from '../src/entries/node.js';

const URL_ = 'https://gate.example/payment/api/v4/transfer/42?z=1&a=2';
const name = fc.constantFrom('amount', 'amount-from', 'a', 'b', 'A', 'z', 'é', 'x y', 'payload');
const value = fc.oneof(fc.string({ maxLength: 6 }), fc.string({ unit: fc.constantFrom('A', 'z', '+', '/', '=', 'é'), minLength: 250, maxLength: 300 }));
const request = fc.array(fc.tuple(name, value), { maxLength: 6 });

describe('createSigner: base strings over a sequence of requests', () => {
  it('equals signatureBaseString for every request of a random sequence (same names, other values, repeats)', () => {
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 8 }), (requests) => {
        const signer = createSigner({
          consumerKey: 'ck',
          consumerSecret: 's',
          signatureMethod: 'HMAC-SHA1',
          nonce: () => 'n0',
          timestamp: () => 1_700_000_000,
        });
        // Each request is signed twice in a row with the values swapped among equal names too.
        for (const params of requests.flatMap((p) => [p, [...p].reverse(), p.map(([n], i) => [n, p[(i + 1) % p.length]![1]] as [string, string])])) {
          const signed = signer.signSync({ url: URL_, params });
          expect(signed.baseString).toBe(signatureBaseString('POST', URL_, [...params, ...Object.entries(signed.oauthParams)]));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('equals signatureBaseString for every request of a random sequence of URLs (the last URL is remembered)', () => {
    const urls = fc.constantFrom(
      URL_,
      'https://gate.example/payment/api/v4/transfer/42',
      'HTTPS://Gate.example:443/payment/api/v2/x?b=%20&a',
      'http://gate.example:8080/p?z',
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(urls, fc.boolean(), request), { minLength: 1, maxLength: 8 }), (sequence) => {
        const signer = createSigner({
          consumerKey: 'ck',
          consumerSecret: 's',
          signatureMethod: 'HMAC-SHA1',
          nonce: () => 'n0',
          timestamp: () => 1_700_000_000,
        });
        for (const [url, asObject, params] of sequence) {
          const signed = signer.signSync({ url: asObject ? new URL(url) : url, params });
          expect(signed.baseString).toBe(signatureBaseString('POST', url, [...params, ...Object.entries(signed.oauthParams)]));
          expect(signed.url).toBe(new URL(url).href);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('re-sorts when only the values differ between two requests with a repeated name', () => {
    const signer = createSigner({ consumerKey: 'ck', consumerSecret: 's', signatureMethod: 'HMAC-SHA1', nonce: () => 'n0', timestamp: () => 1_700_000_000 });
    const first = signer.signSync({
      url: URL_,
      params: [
        ['a', '1'],
        ['a', '2'],
      ],
    }).baseString;
    const second = signer.signSync({
      url: URL_,
      params: [
        ['a', '2'],
        ['a', '1'],
      ],
    }).baseString;
    expect(second).toBe(first);
    expect(first).toContain('a%3D1%26a%3D2');
  });
});
