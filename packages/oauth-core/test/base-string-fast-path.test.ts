// The one base-string function, step by step (RFC 5849 §3.4.1), and the signer's fast path behind
// it: the one-pass encoder, the remembered names and order, the encoded normalized parameters
// joined from second encodings. For any parameters the fast path must give the plain function's
// parts byte for byte; the steps a diagnostic tool swaps in (another encoding, no sort) are applied.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layOutBaseString } from '../src/base-string/signature-base-string.js';
import { encodeValueFast } from '../src/encoding/encode-fast.js';
import { encodeOnceAndTwice } from '../src/encoding/encode-twice.js';
import { baseStringUri, normalizeMethod, percentEncode, signatureBaseString, signatureBaseStringParts } from '../src/entries/node.js';
import { createParameterOrder } from '../src/signer/parameter-order.js';
import { rfcEncode as rfc } from './_support.js';

describe('signatureBaseStringParts names the steps of §3.4.1', () => {
  it("RFC 5849 §3.4.1's example request: each part as the RFC prints it", () => {
    // RFC 5849 §3.4.1.1 and §3.4.1.3.2: the request's query, body and protocol parameters.
    const parameters: [string, string][] = [
      ['b5', '=%3D'],
      ['a3', 'a'],
      ['c@', ''],
      ['a2', 'r b'],
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
      ['oauth_signature', 'bYT5CMsGcbgUdFHObYMEfcx6bsw%3D'],
      ['c2', ''],
      ['a3', '2 q'],
    ];
    const parts = signatureBaseStringParts(normalizeMethod('post'), baseStringUri('http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b'), parameters);
    expect(parts.method).toBe('POST');
    expect(parts.uri).toBe('http://example.com/request');
    expect(parts.normalizedParameters).toBe(
      'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7',
    );
    expect(parts.baseString).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
    // Step 1 in the order given, without oauth_signature.
    expect(parts.encodedParameters.slice(0, 4)).toEqual([
      ['b5', '%3D%253D'],
      ['a3', 'a'],
      ['c%40', ''],
      ['a2', 'r%20b'],
    ]);
    expect(parts.encodedParameters.some(([name]) => name === 'oauth_signature')).toBe(false);
  });

  it("another step's mistake reproduced: form encoding of spaces, no sort", () => {
    const plus = signatureBaseStringParts(
      'POST',
      'https://gate.example/',
      [
        ['note', 'a b'],
        ['a', '1'],
      ],
      {
        encode: (value) => percentEncode(value).replace(/%20/g, '+'),
        sort: false,
      },
    );
    expect(plus.normalizedParameters).toBe('note=a+b&a=1');
    expect(plus.baseString).toBe('POST&https%3A%2F%2Fgate.example%2F&note%3Da%2Bb%26a%3D1');
    // Step 1 left out (names and values not encoded): the URI and the normalized string are still
    // percent-encoded, as §3.4.1.1 does whatever step 1 did.
    const raw = signatureBaseStringParts('POST', 'https://gate.example/', [['a', 'x y!']], { encode: (value) => value });
    expect(raw.normalizedParameters).toBe('a=x y!');
    expect(raw.baseString).toBe('POST&https%3A%2F%2Fgate.example%2F&a%3Dx%20y%21');
  });
});

const name = fc.oneof(fc.constantFrom('amount', 'amount-from', 'a', 'A', 'z', 'é', 'x y', 'oauth_signature', 'oauth_nonce'), fc.string({ maxLength: 6 }));
const value = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: fc.constantFrom('A', 'z', '+', '/', '=', 'é', '%', '&'), minLength: 250, maxLength: 400 }),
);
const parameters = fc.array(fc.tuple(name, value), { maxLength: 10 });

describe("the signer's fast path equals the plain function", () => {
  it('for any parameters, with and without the one-pass encoder, request after request through the same memory', () => {
    fc.assert(
      fc.property(fc.array(parameters, { minLength: 1, maxLength: 6 }), (lists) => {
        const names = new Map<string, [string, string]>();
        const fastPath = {
          encodeFast: encodeValueFast,
          order: createParameterOrder(),
          encodeName: (n: string) => names.get(n) ?? names.set(n, encodeOnceAndTwice(n, encodeValueFast)).get(n)!,
        };
        const slowPath = { order: createParameterOrder() };
        for (const list of lists.flatMap((l) => [l, [...l].reverse()])) {
          const plain = signatureBaseStringParts('POST', 'https://gate.example/pay', list);
          for (const path of [fastPath, slowPath, {}]) {
            const fast = layOutBaseString('POST', 'https://gate.example/pay', list, {}, path);
            expect(fast.baseString).toBe(plain.baseString);
            expect(fast.encodedParameters).toEqual(plain.encodedParameters);
          }
          // And the plain function against the RFC's text, written independently.
          const pairs = list.filter(([n]) => n !== 'oauth_signature').map(([n, v]) => [rfc(n), rfc(v)] as const);
          pairs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
          expect(plain.normalizedParameters).toBe(pairs.map(([n, v]) => `${n}=${v}`).join('&'));
          expect(plain.baseString).toBe(`POST&${rfc('https://gate.example/pay')}&${rfc(plain.normalizedParameters)}`);
          expect(signatureBaseString('POST', 'https://gate.example/pay', list)).toBe(plain.baseString);
        }
      }),
      { numRuns: 300 },
    );
  });
});
