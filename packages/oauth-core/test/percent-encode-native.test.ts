// /hmac's percentEncode (percentEncodeNative, encodeURIComponent alone) against the package's
// (with the byte loop from 256 characters on): the same output on any well-formed string, on
// both sides of the switch, and the same refusal of a lone surrogate.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentEncode, percentEncodeNative } from '../src/encoding/percent-encode.js';
import * as hmac from '../src/entries/hmac.js';

describe("the /hmac entry's percent-encoder", () => {
  it('equals percentEncode on short and long strings of any characters', () => {
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.string({ unit: 'binary', minLength: 250, maxLength: 1200 }));
    fc.assert(
      fc.property(text, (value) => {
        expect(percentEncodeNative(value)).toBe(percentEncode(value));
      }),
      { numRuns: 300 },
    );
    const base64ish = `${'QUJD+/='.repeat(2000)}é !'()*`;
    expect(percentEncodeNative(base64ish)).toBe(percentEncode(base64ish));
    expect(hmac.percentEncode).toBe(percentEncodeNative);
  });

  it('refuses a lone surrogate as percentEncode does', () => {
    for (const value of ['\ud800', `${'a'.repeat(300)}\udc00`]) {
      expect(() => percentEncodeNative(value)).toThrow(expect.objectContaining({ code: 'INVALID_STRING' }));
      expect(() => percentEncode(value)).toThrow(expect.objectContaining({ code: 'INVALID_STRING' }));
    }
  });
});
