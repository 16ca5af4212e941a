import { OAuthError } from '../errors.js';
import type { CryptoAdapter } from './types.js';

// The smallest adapter, for edge bundles that sign with HMAC only: crypto.subtle HMAC and
// nothing of RSA, so a bundler leaves every key parser out.
const encoder = /* @__PURE__ */ new TextEncoder();

function rsaUnavailable(): never {
  throw new OAuthError('UNSUPPORTED_SIGNATURE_METHOD', 'the hmac build signs HMAC and PLAINTEXT only; import @paysign/oauth-core for RSA');
}

/**
 * HMAC-only WebCrypto adapter, the default of `@paysign/oauth-core/hmac`.
 *
 * @example
 * ```ts
 * import { createSigner } from '@paysign/oauth-core/hmac';
 * const signer = createSigner({ consumerKey: 'merchant', consumerSecret: env.CONTROL_KEY, signatureMethod: 'HMAC-SHA1' });
 * ```
 */
export const adapter: CryptoAdapter = {
  name: 'webcrypto',
  synchronous: false,
  async hmac(hash, key) {
    const subtle = globalThis.crypto.subtle;
    const cryptoKey = await subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash }, false, ['sign']);
    // A digest is at most 64 bytes: btoa of its binary string is the smallest correct encoder.
    return async (data) => btoa(String.fromCharCode(...new Uint8Array(await subtle.sign('HMAC', cryptoKey, encoder.encode(data)))));
  },
  rsaPrivate: rsaUnavailable,
  rsaPublic: rsaUnavailable,
  randomBytes: (length) => globalThis.crypto.getRandomValues(new Uint8Array(length)),
};
