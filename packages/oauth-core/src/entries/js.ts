// @paysign/oauth-core/js: the core bound to pure JavaScript (@noble/hashes, micro-rsa-dsa-dh),
// for runtimes with neither node:crypto nor crypto.subtle. Synchronous. Its RSA is not
// constant-time: sign your own requests with it, never on request of others.
import { adapter, verifyingAdapter } from '../adapters/js.js';
import type { VerifyingAdapter } from '../adapters/types.js';
import type { SyncSigner } from '../signer/create-signer.js';
import { bindSignBaseString, bindSigner, bindVerifier, bindVerifyBaseString, type BoundApi } from './bind.js';

export * from '../core.js';
/**
 * This entry point's adapter (pure JavaScript (@noble/hashes, micro-rsa-dsa-dh; its RSA is not constant-time)), with RSA verification: what `createVerifier` and
 * `verifyBaseString` use unless given another.
 *
 * @example
 * ```ts
 * import { defaultAdapter } from '@paysign/oauth-core/js';
 * defaultAdapter.name; // 'js'
 * ```
 */
export const defaultAdapter: VerifyingAdapter = verifyingAdapter;
/**
 * Creates a signer bound to pure JavaScript (@noble/hashes, micro-rsa-dsa-dh; its RSA is not constant-time): OAuth 1.0 (RFC 5849) with HMAC-SHA1/256/512,
 * RSA-SHA1/256/512 or PLAINTEXT; the key is prepared once and reused for every request. Its signers also have `signSync`.
 *
 * @throws {OAuthError} `UNSUPPORTED_SIGNATURE_METHOD`, `MISSING_SECRET`, `MISSING_KEY`, `INVALID_KEY`,
 *   `WEAK_KEY`, `ADAPTER_UNAVAILABLE` or `INVALID_PARAMETER` for unusable options.
 * @example
 * ```ts
 * import { createSigner } from '@paysign/oauth-core/js';
 * const signer = createSigner({ consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' });
 * const signed = signer.signSync({ url: 'https://sandbox.gate.example/payment/api/v4/transfer/1234', params: { amount: '10.00' } });
 * signed.headers.Authorization; // 'OAuth oauth_consumer_key="merchant-login", ...'
 * ```
 */
export const createSigner: BoundApi<SyncSigner>['createSigner'] = /* @__PURE__ */ bindSigner<SyncSigner>(adapter);
/**
 * Creates a verifier of OAuth 1.0 signed requests bound to pure JavaScript (@noble/hashes, micro-rsa-dsa-dh; its RSA is not constant-time): consumer lookup, timestamp
 * window, signature (HMAC in constant time, RSA with the public key) and nonce replay, with a
 * stable `reason` code for every refusal.
 *
 * @example
 * ```ts
 * import { createVerifier } from '@paysign/oauth-core/js';
 * const verifier = createVerifier({ lookup: (login) => (login === 'merchant' ? { consumerSecret: controlKey } : undefined) });
 * const result = await verifier.verify({ method: 'POST', url, authorization, body });
 * if (!result.ok) console.warn(result.reason);
 * ```
 */
export const createVerifier: BoundApi<SyncSigner>['createVerifier'] = /* @__PURE__ */ bindVerifier(verifyingAdapter);
/**
 * Signs a ready signature base string with pure JavaScript (@noble/hashes, micro-rsa-dsa-dh; its RSA is not constant-time): the Base64 HMAC or RSA signature, or the
 * key itself for PLAINTEXT. Prepares the key on every call; to sign many requests, use `createSigner`.
 *
 * @example
 * ```ts
 * import { signBaseString } from '@paysign/oauth-core/js';
 * await signBaseString(baseString, { signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00' });
 * // 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=' for RFC 5849's example base string
 * ```
 */
export const signBaseString: BoundApi<SyncSigner>['signBaseString'] = /* @__PURE__ */ bindSignBaseString(adapter);
/**
 * Checks a Base64 signature over a signature base string with pure JavaScript (@noble/hashes, micro-rsa-dsa-dh; its RSA is not constant-time): HMAC and PLAINTEXT in
 * constant time, RSA with the public key; `false` for a wrong or non-canonical signature.
 *
 * @example
 * ```ts
 * import { verifyBaseString } from '@paysign/oauth-core/js';
 * await verifyBaseString(baseString, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=', { signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00' });
 * // true for RFC 5849's example base string
 * ```
 */
export const verifyBaseString: BoundApi<SyncSigner>['verifyBaseString'] = /* @__PURE__ */ bindVerifyBaseString(verifyingAdapter);
