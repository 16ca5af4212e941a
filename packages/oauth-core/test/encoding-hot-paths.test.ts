// The encoders of src/encoding byte for byte against RFC 5849 §3.6 written here from its text,
// at the places where the fast paths of encode-fast.ts switch or stop: every ASCII character,
// the 256-character switch to the byte loop, the 8-byte scan of a leading unreserved run (every
// remainder mod 8), the 4-byte copy, the 8192-byte chunks (a multi-byte character straddling
// one), and values signed one after another through the same scratch buffers (what one value
// leaves there must never reach the next). Also each refusal's code and exact message, and the
// paths taken on a runtime without String.prototype.isWellFormed or with freshly loaded tables.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64Backend, decodeBase64, decodeBase64Url } from '../src/encoding/base64.js';
import { encodeValueFast } from '../src/encoding/encode-fast.js';
import { encodeOnceAndTwice } from '../src/encoding/encode-twice.js';
import { formDecode, percentDecode } from '../src/encoding/percent-decode.js';
import { percentEncode } from '../src/encoding/percent-encode.js';
import { rfcEncode as rfc } from './_support.js';

const expected = (value: string): [string, string] => [rfc(value), rfc(rfc(value))];

/**
 * Every encoder of the package on one well-formed value (the fast one, the pair with and without
 * it, percentEncode): the ones that differ from the RFC, as `label: encoder` lines. A test gathers
 * them over all its values and expects none.
 */
function mismatches(value: string, label: string): string[] {
  const [once, twice] = expected(value);
  const found: string[] = [];
  const check = (name: string, got: [string, string]) => {
    if (got[0] !== once || got[1] !== twice) found.push(`${label}: ${name}`);
  };
  check('encodeValueFast', encodeValueFast(value));
  check('encodeOnceAndTwice (fast)', encodeOnceAndTwice(value, encodeValueFast));
  check('encodeOnceAndTwice (plain)', encodeOnceAndTwice(value));
  if (percentEncode(value) !== once) found.push(`${label}: percentEncode`);
  return found;
}

/** Collects mismatches over a test's values, then expects none. */
function encodesAll(define: (expectEncoded: (value: string, label: string) => void) => void): void {
  const found: string[] = [];
  let count = 0;
  define((value, label) => {
    count++;
    found.push(...mismatches(value, label));
  });
  expect(found).toEqual([]);
  expect(count).toBeGreaterThan(0);
}

function refusal(fn: () => unknown): { name: string; code: unknown; message: string } | undefined {
  try {
    fn();
  } catch (error) {
    return { name: (error as Error).name, code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
  return undefined;
}

const LONE_SURROGATE = { name: 'OAuthError', code: 'INVALID_STRING', message: 'a value holds a lone surrogate: it has no UTF-8 form' };
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UNRESERVED_CHARS = `${ALNUM}-._~`;
/** `length` unreserved characters that are not all the same (so that a misplaced copy shows). */
const unreserved = (length: number, offset = 0): string => {
  let out = '';
  for (let i = 0; i < length; i++) out += UNRESERVED_CHARS[(i + offset) % UNRESERVED_CHARS.length];
  return out;
};

describe('every ASCII character and the UTF-8 boundaries', () => {
  it('each of the 128 ASCII characters alone, inside a short value and inside a long one', () => {
    encodesAll((expectEncoded) => {
      for (let c = 0; c < 128; c++) {
        const char = String.fromCharCode(c);
        expectEncoded(char, `U+${c.toString(16)}`);
        expectEncoded(`ab${char}cd${char}`, `short with U+${c.toString(16)}`);
        expectEncoded(`${unreserved(300)}${char}${unreserved(9)}`, `long with U+${c.toString(16)}`);
      }
    });
    // The reference spelled out: two uppercase hex digits, with a leading zero below 0x10.
    expect(rfc("\u000f\u0010*!'()")).toBe('%0F%10%2A%21%27%28%29');
  });

  it('the characters at each UTF-8 length boundary, alone, in runs and mixed with ASCII, short and long', () =>
    encodesAll((expectEncoded) => {
      const chars = ['\u007f', '\u0080', '\u00ff', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\uffff', '\u{10000}', '\u{1f600}', '\u{10ffff}'];
      for (const char of chars) {
        expectEncoded(char, `${char.codePointAt(0)}`);
        expectEncoded(`${char}${char}a${char}`, `run of ${char.codePointAt(0)}`);
        expectEncoded(`x\u0080${char}\u0080y`, `after U+0080: ${char.codePointAt(0)}`);
        expectEncoded(`${char}${unreserved(260)}${char}`, `long around ${char.codePointAt(0)}`);
      }
      expectEncoded(chars.join(''), 'all of them in one run');
      expectEncoded(chars.join('a b'), 'all of them between ASCII');
    }));
});

describe('the byte loop of long values', () => {
  it('an unreserved run of every length from 250 to 300, alone and followed by each kind of character', () =>
    encodesAll((expectEncoded) => {
      // The scratch buffers hold another value's unreserved bytes past the end of each chunk.
      encodeValueFast(unreserved(8192, 7));
      for (let length = 250; length <= 300; length++) {
        const run = unreserved(length);
        expectEncoded(run, `${length} unreserved`);
        for (const tail of [' ', '+', '=', '%', 'é', '😀', ' ab', '==']) expectEncoded(run + tail, `${length} unreserved + ${JSON.stringify(tail)}`);
      }
    }));

  it('one reserved character at every position of values of 256 to 264 characters', () =>
    encodesAll((expectEncoded) => {
      encodeValueFast(unreserved(8192, 3));
      for (let length = 256; length <= 264; length++) {
        for (let at = 0; at < length; at++) {
          const value = `${unreserved(at)}/${unreserved(length - at - 1, at)}`;
          expectEncoded(value, `length ${length}, "/" at ${at}`);
        }
      }
    }));

  it('Base64 text with "+", "/" and "=" at every spacing, of many lengths', () =>
    encodesAll((expectEncoded) => {
      for (const spacing of [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64]) {
        for (const length of [256, 257, 259, 263, 264, 1000, 8191, 8192, 8193, 8199, 8200]) {
          let value = '';
          for (let i = 0; i < length; i++) value += i % spacing === spacing - 1 ? '+/='[i % 3] : ALNUM[(i * 7) % 62];
          expectEncoded(value, `spacing ${spacing}, length ${length}`);
        }
      }
    }));

  it('values past one and two 8192-byte chunks: unreserved, escaped throughout, and a tail of every remainder mod 8', () =>
    encodesAll((expectEncoded) => {
      for (let tail = 0; tail <= 24; tail++) {
        expectEncoded(unreserved(8192 + tail), `8192 + ${tail} unreserved`);
        expectEncoded(`${unreserved(8192 + tail, 5)} `, `8192 + ${tail} unreserved and a space`);
        expectEncoded(unreserved(8192 * 2 + tail), `16384 + ${tail} unreserved`);
      }
      // Every byte escaped: three and five output bytes per input byte, whole chunks of them.
      for (const filler of [' ', '+', '%', '\u00e9', '\u20ac', '\u{1f600}']) {
        expectEncoded(filler.repeat(Math.ceil((8192 * 2.5) / filler.length)), `all ${JSON.stringify(filler)}`);
      }
      // Alternating chunks: unreserved, then escaped, then unreserved again.
      expectEncoded(unreserved(8192) + ' '.repeat(8192) + unreserved(8192, 1), 'unreserved, spaces, unreserved');
    }));

  it('a multi-byte character straddling the 8192-byte chunk boundary at each offset', () =>
    encodesAll((expectEncoded) => {
      for (const char of ['\u00e9', '\u20ac', '\u{1f600}']) {
        for (let before = 8185; before <= 8192; before++) {
          expectEncoded(unreserved(before) + char + unreserved(300), `${char} after ${before} bytes`);
          expectEncoded(`${' '.repeat(Math.floor(before / 3))}${unreserved(before % 3)}${char} ab`, `${char} after escaped ${before} bytes`);
        }
      }
    }));

  it('a value that needs no escaping after one that did, both long: nothing of the first is reused', () =>
    encodesAll((expectEncoded) => {
      const escaped = `${'a b/c+'.repeat(500)}é`;
      for (const clean of [unreserved(256), unreserved(4000), unreserved(8192), unreserved(9000)]) {
        expectEncoded(escaped, 'escaped first');
        expectEncoded(clean, `then ${clean.length} unreserved`);
      }
    }));
});

describe('refusals, with their code and message', () => {
  afterEach(() => {
    vi.resetModules();
  });

  it('a lone surrogate, short or long, at the start, the middle or the end, through every encoder', () => {
    for (const surrogate of ['\ud800', '\udbff', '\udc00', '\udfff']) {
      for (const value of [
        surrogate,
        `a${surrogate}`,
        `${surrogate}b`,
        `é${surrogate}é`,
        `${unreserved(300)}${surrogate}`,
        `${surrogate}${unreserved(9000)}`,
        `${'+'.repeat(9000)}${surrogate}x`,
      ]) {
        const label = `${value.length} characters`;
        expect(
          refusal(() => encodeValueFast(value)),
          label,
        ).toEqual(LONE_SURROGATE);
        expect(
          refusal(() => encodeOnceAndTwice(value, encodeValueFast)),
          label,
        ).toEqual(LONE_SURROGATE);
        expect(
          refusal(() => encodeOnceAndTwice(value)),
          label,
        ).toEqual(LONE_SURROGATE);
        expect(
          refusal(() => percentEncode(value)),
          label,
        ).toEqual(LONE_SURROGATE);
      }
    }
    // A surrogate pair in the wrong order is two lone surrogates.
    expect(refusal(() => encodeValueFast('\udc00\ud800'))).toEqual(LONE_SURROGATE);
  });

  it('on a runtime without String.prototype.isWellFormed, long values are encoded and lone surrogates refused the same way', () => {
    const descriptor = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
    expect(descriptor).toBeDefined();
    delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
    try {
      encodesAll((expectEncoded) => {
        for (const value of [unreserved(300), `${unreserved(300)} é😀`, ' '.repeat(9000)]) expectEncoded(value, `${value.length} characters`);
      });
      expect(refusal(() => encodeValueFast(`${unreserved(300)}\ud800`))).toEqual(LONE_SURROGATE);
    } finally {
      Object.defineProperty(String.prototype, 'isWellFormed', descriptor as PropertyDescriptor);
    }
  });

  it('a freshly loaded encoder builds its tables on its first long value', async () => {
    vi.resetModules();
    const fresh = await import('../src/encoding/encode-fast.js');
    const value = `${unreserved(600)} +/=${unreserved(600)}`;
    expect(fresh.encodeValueFast(value)).toEqual(expected(value));
  });

  it('percentDecode and formDecode: a bad escape or bytes that are not UTF-8', () => {
    const bad = { name: 'OAuthError', code: 'INVALID_STRING', message: 'a value has a bad %-escape or is not UTF-8' };
    for (const value of ['%', '%2', '%G0', 'a%zz', '%C3', '%C3%28', '%FF', '%ED%A0%80']) {
      expect(
        refusal(() => percentDecode(value)),
        value,
      ).toEqual(bad);
      expect(
        refusal(() => formDecode(value)),
        value,
      ).toEqual(bad);
    }
    expect(formDecode('a+b%2B+c')).toBe('a b+ c');
    expect(percentDecode('a+b%2B')).toBe('a+b+');
  });

  it('decodeBase64: text that is not canonical padded Base64', () => {
    const bad = { name: 'OAuthError', code: 'INVALID_SIGNATURE_ENCODING', message: 'the value is not canonical padded Base64 (RFC 4648 §4)' };
    for (const text of ['QQ', 'QR==', 'Q===', 'QUJD=', 'QU JD', '-_8='])
      expect(
        refusal(() => decodeBase64(text)),
        text,
      ).toEqual(bad);
  });

  it('decodeBase64Url: the wrong alphabet or length, and non-zero pad bits, each refused as INVALID_KEY', () => {
    const bad = { name: 'OAuthError', code: 'INVALID_KEY', message: 'a JWK member is not base64url' };
    // Characters outside base64url, or a length no byte string has.
    for (const text of ['ab+/', 'ab=', 'a b', 'a', 'abcde'])
      expect(
        refusal(() => decodeBase64Url(text)),
        text,
      ).toEqual(bad);
    // The right alphabet and length, but pad bits that are not zero: no canonical text.
    for (const text of ['AB', 'AAB', 'QR', 'QUJ'])
      expect(
        refusal(() => decodeBase64Url(text)),
        text,
      ).toEqual(bad);
    expect([...decodeBase64Url('QQ')]).toEqual([0x41]);
    expect([...decodeBase64Url('-_8')]).toEqual([0xfb, 0xff]);
  });

  it('base64Backend names the implementation in use: on Node, Buffer unless the engine has Uint8Array.prototype.toBase64', () => {
    const native = typeof (Uint8Array.prototype as { toBase64?: unknown }).toBase64 === 'function';
    expect(base64Backend).toBe(native ? 'uint8array' : 'buffer');
  });
});
