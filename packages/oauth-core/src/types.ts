/** A parameter value as callers hold it; numbers and booleans are written with `String()`. */
export type ParameterValue = string | number | boolean;

/**
 * Request parameters: pairs in order (duplicates allowed, as RFC 5849 §3.4.1.3.2 permits) or a
 * record whose array values stand for repeated names.
 */
export type ParameterInput = Iterable<readonly [string, string]> | Readonly<Record<string, ParameterValue | readonly ParameterValue[]>>;

/** The signature methods of RFC 5849 §3.4 and their common SHA-2 extensions. */
export type SignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256' | 'HMAC-SHA512' | 'RSA-SHA1' | 'RSA-SHA256' | 'RSA-SHA512' | 'PLAINTEXT';

/** The hash functions behind the signature methods. */
export type HashName = 'SHA-1' | 'SHA-256' | 'SHA-512';

/** An RSA private key as JSON Web Key (RFC 7517, `kty: "RSA"` with the private members). */
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

/** An RSA public key as JSON Web Key. */
export interface RsaPublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  [member: string]: unknown;
}

/**
 * Anything that can hold a Node `KeyObject` without importing `node:crypto` types into edge
 * builds: checked structurally (`type` and `asymmetricKeyType`).
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
 */
export type PrivateKeyInput = string | RsaPrivateJwk | CryptoKey | KeyObjectLike;

/** A public key: SPKI PEM (`BEGIN PUBLIC KEY`), PKCS#1 PEM (`BEGIN RSA PUBLIC KEY`), an X.509 certificate PEM, a JWK, a `CryptoKey` or a Node `KeyObject`. */
export type PublicKeyInput = string | RsaPublicJwk | CryptoKey | KeyObjectLike;

/** The keyed-hash methods (RFC 5849 §3.4.2, with SHA-2) and PLAINTEXT (§3.4.4): they sign with secrets. */
export type SecretSignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256' | 'HMAC-SHA512' | 'PLAINTEXT';

/** The RSA methods (RFC 5849 §3.4.3, with SHA-2): they sign with a private key. */
export type RsaSignatureMethod = 'RSA-SHA1' | 'RSA-SHA256' | 'RSA-SHA512';

/** HMAC-* and PLAINTEXT credentials: the consumer secret, and the token secret when a token is used. */
export interface SecretCredentials {
  signatureMethod: SecretSignatureMethod;
  /** The consumer secret (the gateway's merchant control key). */
  consumerSecret: string;
  /** The token secret; empty when there is no token (as at the gateway). */
  tokenSecret?: string;
}

/** RSA-* signing credentials: the private key. */
export interface RsaSigningCredentials {
  signatureMethod: RsaSignatureMethod;
  /** The private key. */
  privateKey: PrivateKeyInput;
  /** Keys with a shorter modulus are refused. Default 2048. */
  minimumRsaKeyBits?: number;
}

/** RSA-* verifying credentials: the signer's public key. */
export interface RsaVerifyingCredentials {
  signatureMethod: RsaSignatureMethod;
  /** The signer's public key. */
  publicKey: PublicKeyInput;
  /** Keys with a shorter modulus are refused. Default 2048. */
  minimumRsaKeyBits?: number;
}

/** What a signature needs besides the base string: a secret for HMAC-* and PLAINTEXT, a private key for RSA-*. */
export type SigningCredentials = SecretCredentials | RsaSigningCredentials;

/** What checking a signature needs besides the base string: a secret, or the signer's public key. */
export type VerifyingCredentials = SecretCredentials | RsaVerifyingCredentials;
