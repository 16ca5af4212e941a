import { OAuthError } from '../errors.js';
import type { CryptoAdapter, DigestFunction, VerifyingAdapter } from './types.js';
import { adapter as webcryptoAdapter, verifyingAdapter as webcryptoVerifyingAdapter } from './webcrypto.js';

// The adapter of the `default` export condition: WebCrypto where `crypto.subtle` exists, else pure
// JS for HMAC only. Pure-JS RSA is not constant-time, so it is never chosen silently: import
// `@paysign/oauth-core/js` to choose it. Runtimes with a known condition (node, deno, bun, workerd,
// edge-light, worker, browser) get their best adapter directly from the package's export map.
const hasSubtle = Boolean(globalThis.crypto?.subtle);

const refuseRsa = (): never => {
  throw new OAuthError(
    'ADAPTER_UNAVAILABLE',
    'this runtime has neither node:crypto nor crypto.subtle, and pure-JS RSA is not constant-time: import @paysign/oauth-core/js to choose it',
  );
};

// The pure-JS HMAC and digests (@noble/hashes, an optional peer dependency) are loaded when the
// first key is prepared or body hashed, so an app on a runtime with crypto.subtle never loads nor
// installs them. Preparing the key is then asynchronous: `sign`, not `signSync`.
const loadJs = () =>
  import('./js-hmac.js').catch((cause: unknown) => {
    const error = new OAuthError(
      'ADAPTER_UNAVAILABLE',
      'this runtime has no crypto.subtle, and the pure-JS HMAC needs @noble/hashes: install it beside @paysign/oauth-core (npm install @noble/hashes)',
    );
    throw Object.assign(error, { cause });
  });
const hmac: CryptoAdapter['hmac'] = async (hash, key) => (await loadJs()).hmacSigner(hash, key);
const digest: DigestFunction = async (hash, data) => (await loadJs()).digest(hash, data);

const randomBytes: CryptoAdapter['randomBytes'] = (length) => {
  if (typeof globalThis.crypto?.getRandomValues !== 'function') {
    throw new OAuthError('ADAPTER_UNAVAILABLE', 'this runtime has no crypto.getRandomValues for the nonces: pass a nonce function to createSigner');
  }
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
};

const fallback: VerifyingAdapter = { name: 'js', synchronous: false, hmac, rsaPrivate: refuseRsa, rsaPublic: refuseRsa, randomBytes, digest };

/** The signing adapter: the default of `createSigner`. */
export const adapter: CryptoAdapter = hasSubtle ? webcryptoAdapter : fallback;

/**
 * The default of `createVerifier` and `verifyBaseString`, and the package's `defaultAdapter` under
 * the default condition. Where `crypto.subtle` exists it is the WebCrypto adapter, RSA
 * verification included; without it, it is pure-JS HMAC only, and signing or verifying with RSA
 * fails with `ADAPTER_UNAVAILABLE` (import `@paysign/oauth-core/js` to choose pure-JS RSA).
 *
 * @example
 * ```ts
 * import { defaultAdapter } from '@paysign/oauth-core';
 * defaultAdapter.name; // 'webcrypto', or 'js' in a runtime without crypto.subtle
 * ```
 */
export const verifyingAdapter: VerifyingAdapter = hasSubtle ? webcryptoVerifyingAdapter : fallback;
