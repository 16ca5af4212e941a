import type { CryptoAdapter } from '../adapters/types.js';
import { prepareSigning, prepareVerifying } from '../methods/prepare.js';
import type { SigningCredentials, VerifyingCredentials } from '../types.js';

/**
 * Signs a ready signature base string with the given adapter: Base64 HMAC or RSA signature, or
 * for PLAINTEXT the key itself. Every entry point's `signBaseString` is this, bound to its
 * adapter. Prepares the key on every call: to sign many requests, use `createSigner`.
 *
 * @throws {OAuthError} for a missing secret or key, an unusable key, or an unknown method.
 * @example
 * ```ts
 * await signBaseStringWith(adapter, baseString, { signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00' });
 * // 'tR3+Ty81lMeYAr/Fid0kMTYa/WM='
 * ```
 */
export async function signBaseStringWith(adapter: CryptoAdapter, baseString: string, credentials: SigningCredentials): Promise<string> {
  const sign = await prepareSigning(credentials, adapter);
  return (sign.offThread ?? sign)(baseString);
}

/**
 * Checks a Base64 signature over a signature base string with the given adapter: HMAC and
 * PLAINTEXT in constant time, RSA with the public key. Resolves `false` for a wrong or
 * non-canonical signature. Every entry point's `verifyBaseString` is this, bound to its adapter.
 *
 * @throws {OAuthError} for a missing secret or key, an unusable key, or an unknown method.
 * @example
 * ```ts
 * await verifyBaseStringWith(adapter, baseString, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=', {
 *   signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00',
 * }); // true
 * ```
 */
export async function verifyBaseStringWith(adapter: CryptoAdapter, baseString: string, signature: string, credentials: VerifyingCredentials): Promise<boolean> {
  if (typeof signature !== 'string') return false;
  const check = await prepareVerifying(credentials, adapter);
  return check(baseString, signature);
}
