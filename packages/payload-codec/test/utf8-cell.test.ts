// The CSV writer's own UTF-8 encoder, against the platform's TextEncoder.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEEDS_ATTENTION, writeCellUtf8 } from '../src/csv/_utf8-cell.js';

const units = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.constantFrom(';', '"', '\r', '\n', '\0', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u07FF', '\u0800', '\uFFFF', '\u{10000}', '\u{10FFFF}'),
);
const anyString = fc.string({ unit: units, maxLength: 30 });
const wellFormed = (text: string): boolean => !/\p{Cs}/u.test(text);

function write(value: string, quoted: boolean): Uint8Array | typeof NEEDS_ATTENTION {
  const bytes = new Uint8Array(5 + value.length * 3).fill(0xee);
  const end = writeCellUtf8(value, bytes, 5, quoted);
  return end === NEEDS_ATTENTION ? end : bytes.slice(5, end);
}

describe('writeCellUtf8', () => {
  it('writes what TextEncoder writes, and stops on structural characters, NUL and lone surrogates', () => {
    fc.assert(
      fc.property(anyString, (value) => {
        const plain = wellFormed(value) && !/[;"\r\n\0]/.test(value);
        expect(write(value, false)).toEqual(plain ? new TextEncoder().encode(value) : NEEDS_ATTENTION);
      }),
      { numRuns: 500 },
    );
  });

  it('inside quotes, doubles " and keeps ; CR LF, still stopping on NUL and lone surrogates', () => {
    fc.assert(
      fc.property(anyString, (value) => {
        const expected = wellFormed(value) && !value.includes('\0') ? new TextEncoder().encode(value.replaceAll('"', '""')) : NEEDS_ATTENTION;
        expect(write(value, true)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('writes the boundary code points of each UTF-8 length (RFC 3629 §3)', () => {
    const cases: [string, number[]][] = [
      ['\u007F', [0x7f]],
      ['\u0080', [0xc2, 0x80]],
      ['\u07FF', [0xdf, 0xbf]],
      ['\u0800', [0xe0, 0xa0, 0x80]],
      ['\uFFFF', [0xef, 0xbf, 0xbf]],
      ['\u{10000}', [0xf0, 0x90, 0x80, 0x80]],
      ['\u{10FFFF}', [0xf4, 0x8f, 0xbf, 0xbf]],
    ];
    for (const [value, bytes] of cases) expect(write(value, false)).toEqual(Uint8Array.from(bytes));
  });
});
