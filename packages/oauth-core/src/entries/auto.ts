// @paysign/oauth-core under the default condition (an unknown runtime): crypto.subtle where it
// exists, else pure-JS HMAC. Pure-JS RSA is never chosen here: it is not constant-time, so RSA
// without crypto.subtle fails with ADAPTER_UNAVAILABLE until you import @paysign/oauth-core/js.
import { adapter, verifyingAdapter } from '../adapters/auto.js';
import type { VerifyingAdapter } from '../adapters/types.js';
import type { Signer } from '../signer/create-signer.js';
import { bindSignBaseString, bindSigner, bindVerifier, bindVerifyBaseString, type BoundApi } from './bind.js';

export * from '../core.js';
/**
 * This entry point's adapter: what `createVerifier` and `verifyBaseString` use unless given
 * another. Where `crypto.subtle` exists it is the WebCrypto adapter, RSA verification included;
 * without it, it is pure-JS HMAC only, and signing or verifying with RSA fails with
 * `ADAPTER_UNAVAILABLE` (import `@paysign/oauth-core/js` to choose pure-JS RSA).
 *
 * @example
 * ```ts
 * import { defaultAdapter } from '@paysign/oauth-core';
 * defaultAdapter.name; // 'webcrypto', or 'js' in a runtime without crypto.subtle
 * ```
 */
export const defaultAdapter: VerifyingAdapter = verifyingAdapter;
/**
 * Creates a signer bound to crypto.subtle where it exists, else pure-JS HMAC (never pure-JS RSA): OAuth 1.0 (RFC 5849) with HMAC-SHA1/256/512,
 * RSA-SHA1/256/512 or PLAINTEXT; the key is prepared once and reused for every request.
 *
 * @throws {OAuthError} `UNSUPPORTED_SIGNATURE_METHOD`, `MISSING_SECRET`, `MISSING_KEY`, `INVALID_KEY`,
 *   `WEAK_KEY`, `ADAPTER_UNAVAILABLE` or `INVALID_PARAMETER` for unusable options.
 * @example
 * ```ts
 * import { createSigner } from '@paysign/oauth-core';
 * const signer = createSigner({ consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' });
 * const signed = await signer.sign({ url: 'https://sandbox.gate.example/payment/api/v4/transfer/1234', params: { amount: '10.00' } });
 * signed.headers.Authorization; // 'OAuth oauth_consumer_key="merchant-login", ...'
 * ```
 */
export const createSigner: BoundApi<Signer>['createSigner'] = /* @__PURE__ */ bindSigner<Signer>(adapter);
/**
 * Creates a verifier of OAuth 1.0 signed requests bound to crypto.subtle where it exists, else pure-JS HMAC: consumer lookup, timestamp
 * window, signature (HMAC in constant time; RSA with the public key where crypto.subtle exists,
 * else refused as `invalid_signature` with `ADAPTER_UNAVAILABLE`) and nonce replay, with a stable
 * `reason` code for every refusal.
 *
 * @example
 * ```ts
 * import { createVerifier } from '@paysign/oauth-core';
 * const verifier = createVerifier({ lookup: (login) => (login === 'merchant' ? { consumerSecret: controlKey } : undefined) });
 * const result = await verifier.verify({ method: 'POST', url, authorization, body });
 * if (!result.ok) console.warn(result.reason);
 * ```
 */
export const createVerifier: BoundApi<Signer>['createVerifier'] = /* @__PURE__ */ bindVerifier(verifyingAdapter);
/**
 * Signs a ready signature base string with crypto.subtle where it exists, else pure-JS HMAC (never pure-JS RSA): the Base64 HMAC or RSA signature, or the
 * key itself for PLAINTEXT. Prepares the key on every call; to sign many requests, use `createSigner`.
 *
 * @example
 * ```ts
 * import { signBaseString } from '@paysign/oauth-core';
 * await signBaseString(baseString, { signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00' });
 * // 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=' for RFC 5849's example base string
 * ```
 */
export const signBaseString: BoundApi<Signer>['signBaseString'] = /* @__PURE__ */ bindSignBaseString(adapter);
/**
 * Checks a Base64 signature over a signature base string with crypto.subtle where it exists, else pure-JS HMAC: HMAC and PLAINTEXT in
 * constant time, RSA with the public key where crypto.subtle exists (else `ADAPTER_UNAVAILABLE`);
 * `false` for a wrong or non-canonical signature.
 *
 * @example
 * ```ts
 * import { verifyBaseString } from '@paysign/oauth-core';
 * await verifyBaseString(baseString, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=', { signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00' });
 * // true for RFC 5849's example base string
 * ```
 */
export const verifyBaseString: BoundApi<Signer>['verifyBaseString'] = /* @__PURE__ */ bindVerifyBaseString(verifyingAdapter);
