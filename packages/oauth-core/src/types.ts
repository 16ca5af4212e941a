/**
 * A parameter value as callers hold it; numbers and booleans are written with `String()`.
 *
 * @example
 * ```ts
 * import type { ParameterValue } from '@paysign/oauth-core';
 *
 * const values: ParameterValue[] = ['order-1', 10, true]; // signed as 'order-1', '10', 'true'
 * ```
 */
export type ParameterValue = string | number | boolean;

/**
 * Request parameters: pairs in order (duplicates allowed, as RFC 5849 §3.4.1.3.2 permits) or a
 * record whose array values stand for repeated names.
 *
 * @example
 * ```ts
 * import type { ParameterInput } from '@paysign/oauth-core';
 *
 * const asRecord: ParameterInput = { 'client-order-id': 'order-1', tag: ['a', 'b'] };
 * const asPairs: ParameterInput = [['tag', 'a'], ['tag', 'b']]; // order and repeats kept
 * const asForm: ParameterInput = new URLSearchParams('a=1&b=2');
 * ```
 */
export type ParameterInput = Iterable<readonly [string, string]> | Readonly<Record<string, ParameterValue | readonly ParameterValue[]>>;

/**
 * The signature methods of RFC 5849 §3.4 and their common SHA-2 extensions.
 *
 * @example
 * ```ts
 * import type { SignatureMethod } from '@paysign/oauth-core';
 *
 * const method: SignatureMethod = 'RSA-SHA256';
 * ```
 */
export type SignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256' | 'HMAC-SHA512' | 'RSA-SHA1' | 'RSA-SHA256' | 'RSA-SHA512' | 'PLAINTEXT';

/**
 * The hash functions behind the signature methods.
 *
 * @example
 * ```ts
 * import type { HashName } from '@paysign/oauth-core';
 *
 * const hash: HashName = 'SHA-256'; // the hash of HMAC-SHA256 and RSA-SHA256
 * ```
 */
export type HashName = 'SHA-1' | 'SHA-256' | 'SHA-512';

/**
 * An RSA private key as JSON Web Key (RFC 7517, `kty: "RSA"` with the private members).
 *
 * @example
 * ```ts
 * import { createSigner, type RsaPrivateJwk } from '@paysign/oauth-core';
 *
 * const { privateKey } = await crypto.subtle.generateKey(
 *   { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
 *   true,
 *   ['sign', 'verify'],
 * );
 * const jwk = (await crypto.subtle.exportKey('jwk', privateKey)) as RsaPrivateJwk;
 * const signer = createSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', privateKey: jwk });
 * ```
 */
export interface RsaPrivateJwk {
  kty: 'RSA';
  n: string;
  e: string;
  d: string;
  p?: string;
  q?: string;
  dp?: string;
  dq?: string;
  qi?: string;
  [member: string]: unknown;
}

/**
 * An RSA public key as JSON Web Key.
 *
 * @example
 * ```ts
 * import { createVerifier, type RsaPublicJwk } from '@paysign/oauth-core';
 *
 * const publicKey: RsaPublicJwk = { kty: 'RSA', n: '0vx7agoebGcQSuu...', e: 'AQAB' };
 * const verifier = createVerifier({ lookup: () => ({ publicKey }) });
 * ```
 */
export interface RsaPublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  [member: string]: unknown;
}

/**
 * Anything that can hold a Node `KeyObject` without importing `node:crypto` types into edge
 * builds: checked structurally (`type` and `asymmetricKeyType`).
 *
 * @example
 * ```ts
 * import { createPrivateKey } from 'node:crypto';
 * import { createSigner, type KeyObjectLike } from '@paysign/oauth-core/node';
 *
 * const privateKey: KeyObjectLike = createPrivateKey(pem); // a Node KeyObject fits
 * const signer = createSigner({ consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', privateKey });
 * ```
 */
export interface KeyObjectLike {
  readonly type: 'private' | 'public' | 'secret';
  readonly asymmetricKeyType?: string;
  export(options?: unknown): unknown;
}

/**
 * A private key: PKCS#1 PEM (`BEGIN RSA PRIVATE KEY`), PKCS#8 PEM (`BEGIN PRIVATE KEY`), either
 * with its newlines escaped as `\n` (keys kept in environment variables), a JWK, a WebCrypto
 * `CryptoKey`, or a Node `KeyObject`.
 *
 * @example
 * ```ts
 * import type { PrivateKeyInput } from '@paysign/oauth-core';
 *
 * const fromEnvironment: PrivateKeyInput = process.env.PAYSIGN_PRIVATE_KEY!; // PEM, newlines as \n allowed
 * const fromFile: PrivateKeyInput = await Deno.readTextFile('private-key.pem');
 * ```
 */
export type PrivateKeyInput = string | RsaPrivateJwk | CryptoKey | KeyObjectLike;

/**
 * A public key: SPKI PEM (`BEGIN PUBLIC KEY`), PKCS#1 PEM (`BEGIN RSA PUBLIC KEY`), an X.509 certificate PEM, a JWK, a `CryptoKey` or a Node `KeyObject`.
 *
 * @example
 * ```ts
 * import { createVerifier, type PublicKeyInput } from '@paysign/oauth-core';
 *
 * const fromCertificate: PublicKeyInput = await Deno.readTextFile('merchant.crt'); // -----BEGIN CERTIFICATE-----
 * const verifier = createVerifier({ lookup: () => ({ publicKey: fromCertificate }) });
 * ```
 */
export type PublicKeyInput = string | RsaPublicJwk | CryptoKey | KeyObjectLike;

/**
 * The keyed-hash methods (RFC 5849 §3.4.2, with SHA-2) and PLAINTEXT (§3.4.4): they sign with secrets.
 *
 * @example
 * ```ts
 * import type { SecretSignatureMethod } from '@paysign/oauth-core';
 *
 * const method: SecretSignatureMethod = 'HMAC-SHA1'; // signs with consumerSecret (and tokenSecret)
 * ```
 */
export type SecretSignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256' | 'HMAC-SHA512' | 'PLAINTEXT';

/**
 * The RSA methods (RFC 5849 §3.4.3, with SHA-2): they sign with a private key.
 *
 * @example
 * ```ts
 * import type { RsaSignatureMethod } from '@paysign/oauth-core';
 *
 * const method: RsaSignatureMethod = 'RSA-SHA256'; // signs with privateKey, verifies with publicKey
 * ```
 */
export type RsaSignatureMethod = 'RSA-SHA1' | 'RSA-SHA256' | 'RSA-SHA512';

/**
 * HMAC-* and PLAINTEXT credentials: the consumer secret, and the token secret when a token is used.
 *
 * @example
 * ```ts
 * import { signBaseString, type SecretCredentials } from '@paysign/oauth-core';
 *
 * const credentials: SecretCredentials = { signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00' };
 * await signBaseString(baseString, credentials);
 * ```
 */
export interface SecretCredentials {
  signatureMethod: SecretSignatureMethod;
  /** The consumer secret (the gateway's merchant control key). */
  consumerSecret: string;
  /** The token secret; empty when there is no token (as at the gateway). */
  tokenSecret?: string;
}

/**
 * RSA-* signing credentials: the private key.
 *
 * @example
 * ```ts
 * import { signBaseString, type RsaSigningCredentials } from '@paysign/oauth-core';
 *
 * const credentials: RsaSigningCredentials = { signatureMethod: 'RSA-SHA256', privateKey: pem, minimumRsaKeyBits: 3072 };
 * const signature = await signBaseString(baseString, credentials);
 * ```
 */
export interface RsaSigningCredentials {
  signatureMethod: RsaSignatureMethod;
  /** The private key. */
  privateKey: PrivateKeyInput;
  /** Keys with a shorter modulus are refused. Default 2048. */
  minimumRsaKeyBits?: number;
}

/**
 * RSA-* verifying credentials: the signer's public key.
 *
 * @example
 * ```ts
 * import { verifyBaseString, type RsaVerifyingCredentials } from '@paysign/oauth-core';
 *
 * const credentials: RsaVerifyingCredentials = { signatureMethod: 'RSA-SHA256', publicKey: publicKeyPem };
 * const valid = await verifyBaseString(baseString, signature, credentials);
 * ```
 */
export interface RsaVerifyingCredentials {
  signatureMethod: RsaSignatureMethod;
  /** The signer's public key. */
  publicKey: PublicKeyInput;
  /** Keys with a shorter modulus are refused. Default 2048. */
  minimumRsaKeyBits?: number;
}

/**
 * What a signature needs besides the base string: a secret for HMAC-* and PLAINTEXT, a private key for RSA-*.
 *
 * @example
 * ```ts
 * import { signBaseString, type SigningCredentials } from '@paysign/oauth-core';
 *
 * const credentials: SigningCredentials = process.env.PRIVATE_KEY
 *   ? { signatureMethod: 'RSA-SHA256', privateKey: process.env.PRIVATE_KEY }
 *   : { signatureMethod: 'HMAC-SHA1', consumerSecret: process.env.CONTROL_KEY ?? '' };
 * const signature = await signBaseString(baseString, credentials);
 * ```
 */
export type SigningCredentials = SecretCredentials | RsaSigningCredentials;

/**
 * What checking a signature needs besides the base string: a secret, or the signer's public key.
 *
 * @example
 * ```ts
 * import { verifyBaseString, type VerifyingCredentials } from '@paysign/oauth-core';
 *
 * const credentials: VerifyingCredentials = { signatureMethod: 'HMAC-SHA1', consumerSecret: controlKey };
 * await verifyBaseString(baseString, signature, credentials); // true or false
 * ```
 */
export type VerifyingCredentials = SecretCredentials | RsaVerifyingCredentials;
