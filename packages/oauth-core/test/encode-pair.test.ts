// The signer's pair encoders (encodePair for the full entries, encodePairNative for /hmac)
// against RFC 5849 §3.6 written out from its text (conformance/suites/rfc-percent-encode.ts), on
// any string: the name and the value encoded once, and `%26name%3Dvalue` encoded twice as the
// base string carries it (§3.4.1.1).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rfcPercentEncode } from '../../../conformance/suites/rfc-percent-encode.js';
import { encodePair, encodePairNative } from '../src/encoding/encode-pair.js';

function expected(name: string, value: string): [string, string, string] {
  const encodedName = rfcPercentEncode(name);
  const encodedValue = rfcPercentEncode(value);
  return [encodedName, encodedValue, `%26${rfcPercentEncode(encodedName)}%3D${rfcPercentEncode(encodedValue)}`];
}

// Every kind of character: ASCII (unreserved, sub-delimiters, `%`), 2- and 3-byte UTF-8, surrogate
// pairs; short and across the 256-character switch to percentEncode's byte loop.
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('a', '%', ' ', '!', "'", '(', ')', '*', '~', '&', '=', 'é', '€', '☃', '😀', '\u07ff', '\u0800', '\uffff'), maxLength: 30 }),
  fc.string({ unit: 'binary', minLength: 250, maxLength: 600 }),
);

describe("the signer's pair encoders", () => {
  for (const [label, encode] of [
    ['encodePair', encodePair],
    ['encodePairNative', encodePairNative],
  ] as const) {
    it(`${label} equals §3.6 written out: once, and twice with %26 and %3D`, () => {
      fc.assert(
        fc.property(text, text, (name, value) => {
          expect(encode(name, value)).toEqual(expected(name, value));
        }),
        { numRuns: 400 },
      );
      expect(encode('order_desc', 'Fees: 0%')).toEqual(['order_desc', 'Fees%3A%200%25', '%26order_desc%3DFees%253A%25200%2525']);
    });

    it(`${label} refuses a lone surrogate in the name or the value, short or long, as INVALID_STRING`, () => {
      for (const bad of ['\ud800', 'a\udc00b', '\ud83d', `x\ud83dy`, `${'a'.repeat(300)}\udc00`]) {
        expect(() => encode(bad, 'v')).toThrow(expect.objectContaining({ code: 'INVALID_STRING' }));
        expect(() => encode('n', bad)).toThrow(expect.objectContaining({ code: 'INVALID_STRING' }));
      }
    });
  }

  it('encodePair keeps names encoded: a name seen before, past the 512 kept, or longer than 64 characters, encodes the same', () => {
    const names = Array.from({ length: 1500 }, (_, i) => `${i % 3 === 0 ? 'n é' : 'name'}${i}${i % 7 === 0 ? 'x'.repeat(70) : ''}`);
    for (let round = 0; round < 3; round++) {
      for (const name of names) expect(encodePair(name, 'v&1')).toEqual(expected(name, 'v&1'));
    }
  });
});
