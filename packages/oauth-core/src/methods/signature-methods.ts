import { percentEncodeNative } from '../encoding/percent-encode.js';
import { refuse } from '../errors.js';
import type { HashName, SignatureMethod } from '../types.js';

/** How a signature method signs: a keyed hash, an RSA signature, or the key itself. */
export type MethodKind = { kind: 'hmac'; hash: HashName } | { kind: 'rsa'; hash: HashName } | { kind: 'plaintext' };

const METHODS: Record<SignatureMethod, MethodKind> = {
  'HMAC-SHA1': { kind: 'hmac', hash: 'SHA-1' }, // RFC 5849 §3.4.2
  'HMAC-SHA256': { kind: 'hmac', hash: 'SHA-256' },
  'HMAC-SHA512': { kind: 'hmac', hash: 'SHA-512' },
  'RSA-SHA1': { kind: 'rsa', hash: 'SHA-1' }, // RFC 5849 §3.4.3
  'RSA-SHA256': { kind: 'rsa', hash: 'SHA-256' },
  'RSA-SHA512': { kind: 'rsa', hash: 'SHA-512' },
  PLAINTEXT: { kind: 'plaintext' }, // RFC 5849 §3.4.4
};

/**
 * Every signature method this library signs and verifies with.
 *
 * @example
 * ```ts
 * import { signatureMethods } from '@paysign/oauth-core';
 *
 * const method = process.env.SIGNATURE_METHOD ?? 'HMAC-SHA1';
 * if (!(signatureMethods as readonly string[]).includes(method)) throw new Error(`unknown signature method ${method}`);
 * ```
 */
export const signatureMethods: readonly SignatureMethod[] = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.keys(METHODS) as SignatureMethod[]);

/**
 * Looks up a signature method by its exact RFC name.
 *
 * @throws {OAuthError} `UNSUPPORTED_SIGNATURE_METHOD` for any other name.
 * @example
 * ```ts
 * describeSignatureMethod('RSA-SHA256'); // { kind: 'rsa', hash: 'SHA-256' }
 * ```
 */
export function describeSignatureMethod(method: string): MethodKind {
  const found = findSignatureMethod(method);
  if (!found) {
    refuse('signatureMethod', `signatureMethod must be one of ${signatureMethods.join(', ')}`, 'options', 'UNSUPPORTED_SIGNATURE_METHOD');
  }
  return found;
}

/**
 * The HMAC key and PLAINTEXT signature of RFC 5849 §3.4.2 and §3.4.4: the encoded consumer
 * secret, `&`, the encoded token secret (empty when there is no token, as at the gateway).
 *
 * @throws {OAuthError} `MISSING_SECRET` when there is no consumer secret.
 * @example
 * ```ts
 * signingKey('kd94hf93k423kf44', 'pfkkdhi9sl3r4s00'); // 'kd94hf93k423kf44&pfkkdhi9sl3r4s00'
 * ```
 */
export function signingKey(consumerSecret: string | undefined, tokenSecret: string | undefined): string {
  if (typeof consumerSecret !== 'string') {
    refuse('consumerSecret', 'consumerSecret is required for HMAC and PLAINTEXT', 'options', 'MISSING_SECRET');
  }
  if (tokenSecret !== undefined && typeof tokenSecret !== 'string') {
    refuse('tokenSecret', 'tokenSecret must be a string', 'options');
  }
  return `${percentEncodeNative(consumerSecret)}&${percentEncodeNative(tokenSecret ?? '')}`;
}

/** {@link describeSignatureMethod}, or `undefined` for a name that is not a method. */
export function findSignatureMethod(method: string): MethodKind | undefined {
  return Object.hasOwn(METHODS, method) ? METHODS[method as SignatureMethod] : undefined;
}
