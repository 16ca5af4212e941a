// The signer's fast encoder (short runs, and the byte loop for long values) gives exactly what the
// plain encoder gives, once and twice, on any string: Base64 alphabets of every length (around the
// 256-character switch and the 8 KiB chunks), unicode with surrogate pairs at chunk boundaries,
// and lone surrogates refused the same way.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeValueFast } from '../src/encoding/encode-fast.js';
import { encodeOnceAndTwice as encodeWith } from '../src/encoding/encode-twice.js';
import { percentEncode } from '../src/encoding/percent-encode.js';
import { OAuthError } from '../src/errors.js';

// The fast encoder (every entry but /hmac) and the default one (/hmac) must both agree with it.
const encodeOnceAndTwice = (value: string): [string, string] => {
  const fast = encodeWith(value, encodeValueFast);
  expect(encodeWith(value)).toEqual(fast);
  return fast;
};
const plain = (value: string): [string, string] => [percentEncode(value), percentEncode(percentEncode(value))];

const BASE64 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/='];
const base64Text = fc.string({ unit: fc.constantFrom(...BASE64), maxLength: 20_000 });
const lengths = fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 8180, max: 8200 }), fc.integer({ min: 16_370, max: 16_400 }));
const unitFor = fc.constantFrom<'binary' | 'grapheme' | 'grapheme-composite' | 'binary-ascii'>('binary', 'grapheme', 'grapheme-composite', 'binary-ascii');

describe('encodeOnceAndTwice with and without encodeValueFast', () => {
  it('equals percentEncode once and twice on random strings (unicode, every length class)', () => {
    fc.assert(
      fc.property(
        unitFor.chain((unit) => fc.string({ unit, maxLength: 600 })),
        (value) => {
          expect(encodeOnceAndTwice(value)).toEqual(plain(value));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('equals percentEncode once and twice on Base64 text of any length', () => {
    fc.assert(
      fc.property(base64Text, (value) => {
        expect(encodeOnceAndTwice(value)).toEqual(plain(value));
      }),
      { numRuns: 150 },
    );
  });

  it('equals percentEncode around the 8 KiB chunk boundary, with multi-byte characters straddling it', () => {
    fc.assert(
      fc.property(lengths, fc.constantFrom('a', '+', 'é', '☃', '😀', '~', ' '), fc.string({ unit: 'grapheme', maxLength: 8 }), (length, filler, tail) => {
        const value = filler.repeat(Math.ceil(length / filler.length)).slice(0, length) + tail;
        if (!(value as unknown as { isWellFormed(): boolean }).isWellFormed()) return;
        expect(encodeOnceAndTwice(value)).toEqual(plain(value));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a lone surrogate with INVALID_STRING, short or long', () => {
    for (const value of ['a\uD800b', `${'x '.repeat(200)}\uDC00`, `${'+'.repeat(9000)}\uD83D`]) {
      expect(() => encodeOnceAndTwice(value)).toThrow(OAuthError);
      try {
        encodeOnceAndTwice(value);
      } catch (error) {
        expect((error as OAuthError).code).toBe('INVALID_STRING');
      }
    }
  });

  it('returns an unreserved value unchanged, twice', () => {
    expect(encodeOnceAndTwice('merchant-login.1_~')).toEqual(['merchant-login.1_~', 'merchant-login.1_~']);
    expect(encodeOnceAndTwice('a b+c')).toEqual(['a%20b%2Bc', 'a%2520b%252Bc']);
  });
});
