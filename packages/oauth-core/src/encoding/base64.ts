import { OAuthError } from '../errors.js';

interface Uint8ArrayWithBase64 {
  toBase64?: (this: Uint8Array, options?: { alphabet?: 'base64' | 'base64url'; omitPadding?: boolean }) => string;
}
interface Uint8ArrayConstructorWithBase64 {
  fromBase64?: (text: string, options?: { alphabet?: 'base64' | 'base64url'; lastChunkHandling?: 'strict' }) => Uint8Array;
}
interface BufferLike {
  from(data: Uint8Array | string, encoding?: string): Uint8Array & { toString(encoding: string): string };
  from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array & { toString(encoding: string): string };
}

// Read through pure calls, so that a bundle that never encodes Base64 drops them.
const nativeToBase64 = /* @__PURE__ */ (() => (Uint8Array.prototype as Uint8ArrayWithBase64).toBase64)();
const nativeFromBase64 = /* @__PURE__ */ (() => (Uint8Array as Uint8ArrayConstructorWithBase64).fromBase64)();
const NodeBuffer = /* @__PURE__ */ (() => (globalThis as { Buffer?: BufferLike }).Buffer)();

/** Which Base64 implementation this runtime uses: the TC39 `Uint8Array` methods, Node's `Buffer`, or `btoa`/`atob` (every web runtime has them). */
export const base64Backend: 'uint8array' | 'buffer' | 'btoa' = nativeToBase64 ? 'uint8array' : NodeBuffer ? 'buffer' : 'btoa';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
// A single character-class run: linear, and no backtracking stack on multi-megabyte payloads.
const ALPHABET_RUN = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Portable standard Base64 (RFC 4648 §4, padded); the reference the native paths are tested against.
 *
 * @example
 * ```ts
 * encodeBase64Js(new Uint8Array([0xfb, 0xff])); // '+/8='
 * ```
 */
export function encodeBase64Js(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out += ALPHABET[n >>> 18]! + ALPHABET[(n >>> 12) & 63]! + ALPHABET[(n >>> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = ((bytes[i] as number) << 16) | (rest === 2 ? (bytes[i + 1] as number) << 8 : 0);
    out += `${ALPHABET[n >>> 18]! + ALPHABET[(n >>> 12) & 63]! + (rest === 2 ? ALPHABET[(n >>> 6) & 63]! : '=')}=`;
  }
  return out;
}

/**
 * Standard padded Base64 of bytes (RFC 4648 §4), with the runtime's fastest encoder.
 *
 * @example
 * ```ts
 * encodeBase64(new TextEncoder().encode('José')); // 'Sm9zw6k='
 * ```
 */
export function encodeBase64(bytes: Uint8Array): string {
  if (nativeToBase64) return nativeToBase64.call(bytes);
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  // btoa takes a binary string; build it in slices that stay under the engines' argument limits.
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Decodes canonical standard Base64 (RFC 4648 §4): padded, no whitespace, no URL-safe alphabet,
 * zero pad bits. Anything else is refused, never guessed at.
 *
 * @throws {OAuthError} `INVALID_SIGNATURE_ENCODING` when the text is not canonical Base64.
 * @example
 * ```ts
 * decodeBase64('Sm9zw6k='); // Uint8Array [74, 111, 115, 195, 169]
 * ```
 */
export function decodeBase64(text: string): Uint8Array {
  if (!isCanonicalBase64(text)) {
    throw new OAuthError('INVALID_SIGNATURE_ENCODING', 'the value is not canonical padded Base64 (RFC 4648 §4)');
  }
  if (nativeFromBase64) return nativeFromBase64(text, { lastChunkHandling: 'strict' });
  if (NodeBuffer) return new Uint8Array(NodeBuffer.from(text, 'base64'));
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * True when `text` is canonical padded standard Base64, pad bits included (so that exactly one
 * text stands for each byte string, as a signature comparison needs).
 *
 * @example
 * ```ts
 * isCanonicalBase64('QQ=='); // true
 * isCanonicalBase64('QR=='); // false: non-zero pad bits
 * ```
 */
export function isCanonicalBase64(text: string): boolean {
  if (text.length % 4 !== 0 || !ALPHABET_RUN.test(text)) return false;
  if (text.endsWith('==')) return (ALPHABET.indexOf(text[text.length - 3]!) & 15) === 0;
  if (text.endsWith('=')) return (ALPHABET.indexOf(text[text.length - 2]!) & 3) === 0;
  return true;
}

/** Base64url without padding (RFC 4648 §5), as JWK members are written. */
export function decodeBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new OAuthError('INVALID_KEY', 'a JWK member is not base64url');
  }
  const std = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = std + '='.repeat((4 - (std.length % 4)) % 4);
  if (!isCanonicalBase64(padded)) throw new OAuthError('INVALID_KEY', 'a JWK member is not base64url');
  if (nativeFromBase64) return nativeFromBase64(padded);
  if (NodeBuffer) return new Uint8Array(NodeBuffer.from(padded, 'base64'));
  return decodeBase64(padded);
}
