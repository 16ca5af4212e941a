// decodeFormBody against an independent reading: Node's own Latin-1 decoder (Buffer 'latin1')
// and decodeURIComponent. For any Latin-1 values sent raw or percent-escaped, each decoded value
// is the value sent; the form's structure (& = +) is untouched.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFormBody } from '../../src/request/decode-form-body.js';

const latin1Text = fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((code) => String.fromCharCode(code)), maxLength: 20 });

// How a Latin-1 client writes a value: each character as one byte, escaped (%XX) or raw, `&=+%` always escaped.
function latin1Form(pairs: [string, string][], escapeMask: boolean[]): Uint8Array {
  let index = 0;
  const bytes: number[] = [];
  const write = (text: string) => {
    for (const char of text) {
      const code = char.charCodeAt(0);
      const mustEscape = '&=+%'.includes(char) || code < 0x20;
      if (mustEscape || escapeMask[index++ % escapeMask.length]) bytes.push(...Buffer.from(`%${code.toString(16).padStart(2, '0').toUpperCase()}`, 'latin1'));
      else bytes.push(code);
    }
  };
  pairs.forEach(([name, value], i) => {
    if (i > 0) bytes.push(0x26);
    write(name);
    bytes.push(0x3d);
    write(value);
  });
  return new Uint8Array(bytes);
}

describe('decodeFormBody', () => {
  it('ISO-8859-1: every value decodes (as UTF-8 percent-encoding) to the Latin-1 value sent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(latin1Text, latin1Text), { minLength: 1, maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        (pairs, mask) => {
          const text = decodeFormBody(latin1Form(pairs, mask), 'iso-8859-1');
          expect(/[^\x00-\x7f]/.test(text)).toBe(false);
          const decoded = text.split('&').map((pair) => pair.split('=').map((part) => decodeURIComponent(part)));
          expect(decoded).toEqual(pairs);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('ISO-8859-1: the same as Node decoding the bytes as Latin-1 then escaping the non-ASCII as UTF-8', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const expected = Buffer.from(bytes)
          .toString('latin1')
          .replace(/%([0-9A-Fa-f]{2})/g, (escaped, hex: string) => (Number.parseInt(hex, 16) >= 0x80 ? String.fromCharCode(Number.parseInt(hex, 16)) : escaped))
          .replace(/[\x80-\xff]/g, (char) => encodeURIComponent(char));
        expect(decodeFormBody(bytes, 'iso-8859-1')).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('a 1 MiB body is decoded in bounded chunks (no argument-count overflow)', () => {
    const body = new Uint8Array(1024 * 1024).fill(0x61);
    body[10] = 0xe9;
    const text = decodeFormBody(body, 'iso-8859-1');
    expect(text.length).toBe(1024 * 1024 + 5);
    expect(text.slice(8, 18)).toBe('aa%C3%A9aa');
  });
});
