/**
 * Compares two strings in time that depends only on their lengths, so that an attacker cannot
 * learn a valid HMAC or PLAINTEXT signature one character at a time. The one constant-time string
 * compare of paysign: the verifier, the gateway's callback checksum, the edge proxy's caller
 * tokens and the emulator console's form token all import it.
 *
 * @example
 * ```ts
 * import { timingSafeEqual } from '@paysign/oauth-core';
 *
 * timingSafeEqual('tR3+Ty81lMeYAr/Fid0kMTYa/WM=', received);
 * ```
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
