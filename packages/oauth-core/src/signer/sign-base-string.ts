import { adapter as defaultAdapter, verifyingAdapter as defaultVerifyingAdapter } from '#adapter';
import type { CryptoAdapter } from '../adapters/types.js';
import { prepareSigning, prepareVerifying } from '../methods/prepare.js';
import type { SigningCredentials, VerifyingCredentials } from '../types.js';

/**
 * Signs a ready signature base string: Base64 HMAC or RSA signature, or for PLAINTEXT the key
 * itself. Prepares the key on every call: to sign many requests, use {@link createSigner}.
 *
 * @throws {OAuthError} for a missing secret or key, an unusable key, or an unknown method.
 * @example
 * ```ts
 * await signBaseString(baseString, { signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00' });
 * // 'tR3+Ty81lMeYAr/Fid0kMTYa/WM='
 * ```
 */
export async function signBaseString(
  baseString: string,
  credentials: SigningCredentials,
  adapter: CryptoAdapter = defaultAdapter,
): Promise<string> {
  const sign = await prepareSigning(credentials, adapter);
  return sign(baseString);
}

/**
 * Checks a Base64 signature over a signature base string: HMAC and PLAINTEXT in constant time,
 * RSA with the public key. Resolves `false` for a wrong or non-canonical signature.
 *
 * @throws {OAuthError} for a missing secret or key, an unusable key, or an unknown method.
 * @example
 * ```ts
 * await verifyBaseString(baseString, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=', {
 *   signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'pfkkdhi9sl3r4s00',
 * }); // true
 * ```
 */
export async function verifyBaseString(
  baseString: string,
  signature: string,
  credentials: VerifyingCredentials,
  adapter: CryptoAdapter = defaultVerifyingAdapter,
): Promise<boolean> {
  if (typeof signature !== 'string') return false;
  const check = await prepareVerifying(credentials, adapter);
  return check(baseString, signature);
}
