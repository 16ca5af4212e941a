// The Base64 backends agree byte for byte: the portable encoder, the runtime's fastest one, and
// Node's Buffer as the independent reference; decoding accepts canonical text only.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64Backend, decodeBase64, decodeBase64Url, encodeBase64, encodeBase64Js, isCanonicalBase64 } from '../src/encoding/base64.js';
import { OAuthError } from '../src/errors.js';

/** Random bytes, sometimes as a view into a larger buffer (non-zero byteOffset). */
const byteViews = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.nat(), fc.nat()).map(([buf, a, b]) => {
    const start = a % buf.length;
    return buf.subarray(start, start + (b % (buf.length - start + 1)));
  }),
);

const reference = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

describe('encoding', () => {
  it(`encodeBase64Js, encodeBase64 (${base64Backend}) and Buffer agree on random bytes`, () => {
    fc.assert(
      fc.property(byteViews, (bytes) => {
        const expected = reference(bytes);
        expect(encodeBase64Js(bytes)).toBe(expected);
        expect(encodeBase64(bytes)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('RFC 4648 §10 test vectors', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [text, expected] of vectors) {
      const bytes = new TextEncoder().encode(text);
      expect(encodeBase64Js(bytes)).toBe(expected);
      expect(encodeBase64(bytes)).toBe(expected);
      expect(new TextDecoder().decode(decodeBase64(expected))).toBe(text);
    }
  });
});

describe('decoding', () => {
  it('decodeBase64 inverts encoding, and every encoding is canonical', () => {
    fc.assert(
      fc.property(byteViews, (bytes) => {
        const text = reference(bytes);
        expect(isCanonicalBase64(text)).toBe(true);
        expect(decodeBase64(text)).toEqual(Uint8Array.from(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses non-canonical text: missing padding, non-zero pad bits, whitespace, URL-safe alphabet', () => {
    for (const text of ['QQ', 'QR==', 'QUI', 'QUJ=', 'QU I=', 'QQ==\n', '-_8=', 'Q===', '=QQ=', 'QQ==QQ==']) {
      expect(isCanonicalBase64(text)).toBe(false);
      const error = (() => {
        try {
          decodeBase64(text);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(OAuthError);
      expect((error as OAuthError).code).toBe('INVALID_SIGNATURE_ENCODING');
    }
  });

  it('decodeBase64Url reads unpadded base64url (JWK members) like Buffer does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64url');
        expect(decodeBase64Url(text)).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
    expect(() => decodeBase64Url('ab+/')).toThrow(OAuthError);
    expect(() => decodeBase64Url('a')).toThrow(OAuthError);
  });
});

describe('the portable backend, where neither Uint8Array.toBase64 nor Buffer exists', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('encodes and decodes as Buffer does', async () => {
    const NodeBuffer = Buffer;
    const proto = Uint8Array.prototype as { toBase64?: unknown };
    const ctor = Uint8Array as { fromBase64?: unknown };
    const savedTo = proto.toBase64;
    const savedFrom = ctor.fromBase64;
    vi.stubGlobal('Buffer', undefined);
    delete proto.toBase64;
    delete ctor.fromBase64;
    vi.resetModules();
    let portable: typeof import('../src/encoding/base64.js');
    try {
      portable = await import('../src/encoding/base64.js');
    } finally {
      if (savedTo) proto.toBase64 = savedTo;
      if (savedFrom) ctor.fromBase64 = savedFrom;
      vi.unstubAllGlobals();
    }
    expect(portable.base64Backend).toBe('btoa');
    fc.assert(
      fc.property(byteViews, (bytes) => {
        const expected = NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
        expect(portable.encodeBase64(bytes)).toBe(expected);
        expect(portable.decodeBase64(expected)).toEqual(Uint8Array.from(bytes));
        const url = NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
        expect(portable.decodeBase64Url(url)).toEqual(Uint8Array.from(bytes));
      }),
      { numRuns: 200 },
    );
  });
});
