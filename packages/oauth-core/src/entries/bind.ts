import type { CryptoAdapter, VerifyingAdapter } from '../adapters/types.js';
import { createSignerWith, type Signer, type SignerOptions } from '../signer/create-signer.js';
import { signBaseStringWith, verifyBaseStringWith } from '../signer/sign-base-string.js';
import type { SigningCredentials, VerifyingCredentials } from '../types.js';
import { createVerifierWith, type Verifier, type VerifierOptions } from '../verifier/create-verifier.js';

/** Options that may name another adapter than the entry point's. */
type WithAdapter<T> = T & { adapter?: CryptoAdapter | undefined };

/**
 * The four functions that need a crypto adapter, bound to one entry point's adapter; each takes
 * another in its options (or last argument) to override it. `S` is the signer type: entry points
 * whose adapter signs synchronously (node, js) give signers with `signSync`.
 *
 * This interface is where `createSigner`, `createVerifier`, `signBaseString` and
 * `verifyBaseString` are documented, once: each entry point (`src/entries/*.ts`) declares them as
 * `BoundApi<S>['createSigner']` and so on, and an editor shows these docs at every call.
 *
 * @example
 * ```ts
 * import { createSigner, type BoundApi, type SyncSigner } from '@paysign/oauth-core/node';
 * const sign: BoundApi<SyncSigner>['createSigner'] = createSigner;
 * ```
 */
export interface BoundApi<S extends Signer> {
  /**
   * Creates a signer: OAuth 1.0 (RFC 5849) with HMAC-SHA1/256/512, RSA-SHA1/256/512 or PLAINTEXT,
   * through the entry point's adapter (or `options.adapter`). The HMAC key state or RSA key is
   * prepared once here and reused for every request. From `@paysign/oauth-core/node` and `/js`
   * its signers also have `signSync`.
   *
   * @throws {OAuthError} `UNSUPPORTED_SIGNATURE_METHOD`, `MISSING_SECRET`, `MISSING_KEY`,
   *   `INVALID_KEY`, `WEAK_KEY`, `ADAPTER_UNAVAILABLE` or `INVALID_PARAMETER` for unusable options.
   * @example
   * ```ts
   * const signer = createSigner({ consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' });
   * const signed = await signer.sign({
   *   url: 'https://sandbox.gate.example/payment/api/v2/pan-eligibility/send/1234',
   *   params: { 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' },
   * });
   * await fetch(signed.url, { method: signed.method, headers: signed.headers, body: signed.body });
   * ```
   * @example
   * ```ts
   * import { createSigner } from '@paysign/oauth-core/node';
   * const signer = createSigner({ consumerKey: 'merchant-login', consumerSecret: controlKey, signatureMethod: 'HMAC-SHA1' });
   * const signed = signer.signSync({ url: 'https://sandbox.gate.example/payment/api/v4/transfer/1234', params: { amount: '10.00' } });
   * signed.headers.Authorization; // 'OAuth oauth_consumer_key="merchant-login", ...'
   * ```
   */
  createSigner(options: SignerOptions & { adapter?: undefined }): S;
  createSigner(options: SignerOptions & { adapter?: CryptoAdapter | undefined }): Signer;
  /**
   * Creates a verifier of OAuth 1.0 signed requests: it looks the consumer up, checks the
   * timestamp window, the signature (HMAC in constant time, RSA with the public key) and nonce
   * replay, and says why in a stable `reason` code when it refuses. From the package root in a
   * runtime without `crypto.subtle`, RSA signatures are refused (`invalid_signature`, caused by
   * `ADAPTER_UNAVAILABLE`): import `@paysign/oauth-core/js` to verify RSA in pure JS.
   *
   * @example
   * ```ts
   * const verifier = createVerifier({ lookup: (login) => (login === 'merchant' ? { consumerSecret: controlKey } : undefined) });
   * const result = await verifier.verify({ method: 'POST', url: request.url, authorization: request.headers.get('authorization'), body: await request.text() });
   * if (!result.ok) console.warn(result.reason, result.message);
   * ```
   */
  createVerifier(options: WithAdapter<VerifierOptions>): Verifier;
  /**
   * Signs a ready signature base string: Base64 HMAC or RSA signature, or for PLAINTEXT the key
   * itself. Prepares the key on every call: to sign many requests, use `createSigner`.
   *
   * @example
   * ```ts
   * await signBaseString(baseString, { signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00' });
   * // 'tR3+Ty81lMeYAr/Fid0kMTYa/WM='
   * ```
   */
  signBaseString(baseString: string, credentials: SigningCredentials, adapter?: CryptoAdapter): Promise<string>;
  /**
   * Checks a Base64 signature over a signature base string: HMAC and PLAINTEXT in constant time,
   * RSA with the public key. Resolves `false` for a wrong or non-canonical signature; RSA from
   * the package root without `crypto.subtle` rejects with `ADAPTER_UNAVAILABLE`.
   *
   * @example
   * ```ts
   * await verifyBaseString(baseString, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=', {
   *   signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00',
   * }); // true
   * ```
   */
  verifyBaseString(baseString: string, signature: string, credentials: VerifyingCredentials, adapter?: CryptoAdapter): Promise<boolean>;
}

// One factory per function, each called with a pure annotation in the entries, so that a bundle
// keeps only the functions it uses (a destructured call could not be dropped).

/**
 * `createSigner` bound to an entry point's signing adapter (which may leave RSA verification out,
 * so a bundle that only signs carries no public-key parser).
 *
 * @example
 * ```ts
 * export const createSigner: BoundApi<SyncSigner>['createSigner'] = bindSigner(adapter);
 * ```
 */
export function bindSigner<S extends Signer>(signing: CryptoAdapter): BoundApi<S>['createSigner'] {
  return ((options: WithAdapter<SignerOptions>) => createSignerWith(options?.adapter ?? signing, options)) as BoundApi<S>['createSigner'];
}

/**
 * `createVerifier` bound to an entry point's verifying adapter.
 *
 * @example
 * ```ts
 * export const createVerifier: BoundApi<Signer>['createVerifier'] = bindVerifier(verifyingAdapter);
 * ```
 */
export function bindVerifier(verifying: VerifyingAdapter): BoundApi<Signer>['createVerifier'] {
  return (options) => createVerifierWith(options?.adapter ?? verifying, options);
}

/**
 * `signBaseString` bound to an entry point's signing adapter.
 *
 * @example
 * ```ts
 * export const signBaseString: BoundApi<Signer>['signBaseString'] = bindSignBaseString(adapter);
 * ```
 */
export function bindSignBaseString(signing: CryptoAdapter): BoundApi<Signer>['signBaseString'] {
  return (baseString, credentials, adapter = signing) => signBaseStringWith(adapter, baseString, credentials);
}

/**
 * `verifyBaseString` bound to an entry point's verifying adapter.
 *
 * @example
 * ```ts
 * export const verifyBaseString: BoundApi<Signer>['verifyBaseString'] = bindVerifyBaseString(verifyingAdapter);
 * ```
 */
export function bindVerifyBaseString(verifying: VerifyingAdapter): BoundApi<Signer>['verifyBaseString'] {
  return (baseString, signature, credentials, adapter = verifying) => verifyBaseStringWith(adapter, baseString, signature, credentials);
}
