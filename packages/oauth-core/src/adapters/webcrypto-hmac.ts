import { refuse } from '../errors.js';
import type { CryptoAdapter, DigestFunction } from './types.js';

// crypto.subtle HMAC, shared by the WebCrypto adapter and the HMAC-only edge entry. A digest (an
// HMAC's or a body's) is at most 64 bytes, so btoa over its binary string is the smallest correct
// Base64 encoder, and every web runtime (and Node >= 16) has btoa.
const encoder = /* @__PURE__ */ new TextEncoder();
const base64Of = (bytes: ArrayBuffer): string => btoa(String.fromCharCode(...new Uint8Array(bytes)));

export const hmac: CryptoAdapter['hmac'] = async (hash, key) => {
  if (!globalThis.crypto?.subtle) refuse('adapter', 'this runtime has no crypto.subtle: use the js adapter', 'options', 'ADAPTER_UNAVAILABLE');
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash }, false, ['sign']);
  return async (data) => base64Of(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(data)));
};

export const digest: DigestFunction = async (hash, data) =>
  base64Of(await crypto.subtle.digest(hash, typeof data === 'string' ? encoder.encode(data) : (data as Uint8Array<ArrayBuffer>)));

export const randomBytes: CryptoAdapter['randomBytes'] = (length) => crypto.getRandomValues(new Uint8Array(length));

/**
 * The HMAC-only WebCrypto adapter of `@paysign/oauth-core/hmac`: HMAC-SHA1/256/512 and the CSPRNG,
 * no RSA (signing with RSA through it fails with `ADAPTER_UNAVAILABLE`), no key parsing.
 *
 * @example
 * ```ts
 * import { hmacAdapter } from '@paysign/oauth-core/hmac';
 * hmacAdapter.name; // 'webcrypto-hmac'
 * ```
 */
export const hmacAdapter: CryptoAdapter = { name: 'webcrypto-hmac', synchronous: false, hmac, randomBytes, digest };
