import type { HashName, PrivateKeyInput, PublicKeyInput } from '../types.js';

/**
 * A value now, or later: synchronous adapters return values, asynchronous ones promises.
 *
 * @example
 * ```ts
 * const signature: MaybePromise<string> = sign(baseString); // a string (node, js) or a Promise (webcrypto)
 * ```
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Signs a base string; returns the standard Base64 signature. A synchronous adapter may attach
 * `offThread`, the same signature made away from the calling thread: `signer.sign` and
 * `signBaseString` use it when it is there, `signer.signSync` calls the function itself.
 *
 * @example
 * ```ts
 * const sign: SignFunction = await adapter.hmac('SHA-1', 'consumer-secret&');
 * await sign('POST&https%3A%2F%2Fgate.example%2F&a%3D1'); // Base64 signature
 * ```
 */
export interface SignFunction {
  (data: string): MaybePromise<string>;
  /**
   * The same bytes as the function, signed off the calling thread (the node adapter's RSA-*: on
   * node:crypto's thread pool, so that signatures in flight use every core). Resolves the Base64 signature.
   */
  readonly offThread?: ((data: string) => Promise<string>) | undefined;
}

/**
 * Checks a signature (raw bytes) over a base string.
 *
 * @example
 * ```ts
 * const verify: VerifyFunction = await defaultAdapter.rsaPublic('SHA-256', publicKeyPem, 2048);
 * await verify(baseString, signatureBytes); // true or false
 * ```
 */
export type VerifyFunction = (data: string, signature: Uint8Array) => MaybePromise<boolean>;

/**
 * Hashes a request body (draft-eaton-oauth-bodyhash-00: `oauth_body_hash`); returns the standard
 * Base64 digest. A string is hashed as its UTF-8 bytes.
 *
 * @example
 * ```ts
 * const digest: DigestFunction = adapter.digest;
 * await digest('SHA-1', 'Hello World!'); // 'Lve95gjOVATpfV8EL5X4nxwjKHE='
 * ```
 */
export type DigestFunction = (hash: HashName, data: string | Uint8Array) => MaybePromise<string>;

/**
 * The names of the built-in adapters.
 *
 * @example
 * ```ts
 * const name: AdapterName = 'webcrypto';
 * ```
 */
export type AdapterName = 'node' | 'webcrypto' | 'js';

/**
 * The cryptography a signer needs, for one runtime. Keys are prepared once (`hmac`,
 * `rsaPrivate`, `rsaPublic`) and the returned functions reused for every request.
 * The built-in adapters produce identical bytes; supply your own for an HSM or KMS.
 * `rsaPublic` is needed only to verify RSA signatures, so an adapter that only signs may leave it out.
 * An adapter whose `synchronous` is `true` returns plain values from every method.
 *
 * @example
 * ```ts
 * // An adapter whose HMAC runs in a KMS; createSigner({ ..., adapter: kmsAdapter }).
 * const kmsAdapter: CryptoAdapter = {
 *   name: 'kms',
 *   synchronous: false,
 *   hmac: async (hash, key) => async (data) => kms.hmacBase64(hash, key, data),
 *   randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
 * };
 * ```
 */
export interface CryptoAdapter {
  readonly name: AdapterName | (string & {});
  /** True when preparation and signing return plain values, so `signer.signSync` can work. */
  readonly synchronous: boolean;
  /** Prepares HMAC with `key` (UTF-8). */
  hmac(hash: HashName, key: string): MaybePromise<SignFunction>;
  /**
   * Prepares RSASSA-PKCS1-v1_5 signing with a private key; refuses keys shorter than `minimumBits`.
   * Without it (an HMAC-only adapter), signing with RSA fails with `ADAPTER_UNAVAILABLE`.
   */
  rsaPrivate?(hash: HashName, key: PrivateKeyInput, minimumBits: number): MaybePromise<SignFunction>;
  /**
   * Prepares RSASSA-PKCS1-v1_5 verification with a public key; refuses keys shorter than `minimumBits`.
   * Without it, verifying an RSA signature fails with `ADAPTER_UNAVAILABLE`.
   */
  rsaPublic?(hash: HashName, key: PublicKeyInput, minimumBits: number): MaybePromise<VerifyFunction>;
  /** Fills `length` bytes from a CSPRNG. */
  randomBytes(length: number): Uint8Array;
  /**
   * Hashes a request body for `oauth_body_hash` (Base64). Every built-in adapter has it; without
   * it, signing a body that is not a form fails with `ADAPTER_UNAVAILABLE` (or pass `bodyHash: false`).
   */
  digest?: DigestFunction;
}

/**
 * An adapter that verifies RSA signatures too: what the built-in adapters are, and what
 * `defaultAdapter` is. (Each built-in also exports a signing-only object, the default of
 * `createSigner`, so that a bundle that only signs leaves every public-key parser out.)
 *
 * @example
 * ```ts
 * import { defaultAdapter } from '@paysign/oauth-core';
 * const adapter: VerifyingAdapter = defaultAdapter;
 * await adapter.rsaPublic('SHA-256', publicKeyPem, 2048);
 * ```
 */
export interface VerifyingAdapter extends CryptoAdapter {
  rsaPrivate(hash: HashName, key: PrivateKeyInput, minimumBits: number): MaybePromise<SignFunction>;
  rsaPublic(hash: HashName, key: PublicKeyInput, minimumBits: number): MaybePromise<VerifyFunction>;
}
