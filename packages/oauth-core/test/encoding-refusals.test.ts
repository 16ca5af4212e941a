// Each refusal of src/encoding with its code and exact message, and percentEncode on a runtime
// without String.prototype.isWellFormed (its long values then take the encodeURIComponent path).
import { describe, expect, it } from 'vitest';
import { base64Backend, decodeBase64, decodeBase64Url } from '../src/encoding/base64.js';
import { formDecode, percentDecode } from '../src/encoding/percent-decode.js';
import { percentEncode } from '../src/encoding/percent-encode.js';
import { rfcEncode as rfc } from './_support.js';

function refusal(fn: () => unknown): { name: string; code: unknown; message: string } | undefined {
  try {
    fn();
  } catch (error) {
    return { name: (error as Error).name, code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
  return undefined;
}

const LONE_SURROGATE = { name: 'OAuthError', code: 'INVALID_STRING', message: 'a value holds a lone surrogate: it has no UTF-8 form' };
const unreserved = (length: number): string =>
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'.repeat(Math.ceil(length / 66)).slice(0, length);

describe('refusals, with their code and message', () => {
  it('percentEncode: a lone surrogate, in a short or a long value, at the start, the middle or the end', () => {
    for (const surrogate of ['\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800']) {
      for (const value of [
        surrogate,
        `a${surrogate}`,
        `${surrogate}b`,
        `é${surrogate}é`,
        `${unreserved(300)}${surrogate}`,
        `${surrogate}${unreserved(9000)}`,
        `${'+'.repeat(9000)}${surrogate}x`,
      ]) {
        expect(
          refusal(() => percentEncode(value)),
          `${value.length} characters`,
        ).toEqual(LONE_SURROGATE);
      }
    }
  });

  it('percentEncode on a runtime without String.prototype.isWellFormed: long values encoded as RFC 5849 §3.6 says, lone surrogates refused', () => {
    const descriptor = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
    expect(descriptor).toBeDefined();
    delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
    try {
      for (const value of [unreserved(300), `${unreserved(300)} é😀`, ' '.repeat(9000)]) expect(percentEncode(value)).toBe(rfc(value));
      expect(refusal(() => percentEncode(`${unreserved(300)}\ud800`))).toEqual(LONE_SURROGATE);
    } finally {
      Object.defineProperty(String.prototype, 'isWellFormed', descriptor as PropertyDescriptor);
    }
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
