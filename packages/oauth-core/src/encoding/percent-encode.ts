import { OAuthError } from '../errors.js';
import { percentEncodeLong } from './_encode-long.js';

// RFC 3986 §2.3 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". encodeURIComponent escapes
// everything else except !'()*, which RFC 5849 §3.6 wants escaped too. Native encoding measured
// as fast as a table-driven loop (bench/), and it is a fraction of the size in edge bundles.
/** A string of unreserved characters only (RFC 3986 §2.3): its percent-encoding is itself. */
export const UNRESERVED_ONLY: RegExp = /^[\w.~-]*$/;
const LEFT_BY_ENCODE_URI_COMPONENT = /[!'()*]/g;

/** From this length on, a value is encoded through its UTF-8 bytes (_encode-long.ts). */
export const LONG = 256;

function escapeSubDelim(c: string): string {
  return `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
}

/**
 * Percent-encodes a string as RFC 5849 §3.6 asks (RFC 3986 §2.1): UTF-8 bytes, every byte
 * outside the unreserved set as `%XX` with uppercase hex.
 *
 * @throws {OAuthError} `INVALID_STRING` when the value holds a lone surrogate (it has no UTF-8 form).
 * @example
 * ```ts
 * percentEncode('Ladies + Gentlemen'); // 'Ladies%20%2B%20Gentlemen'
 * percentEncode('☃'); // '%E2%98%83'
 * ```
 */
export function percentEncode(value: string): string {
  // A lone surrogate has no UTF-8 form: such a value (or any, where the runtime has no
  // isWellFormed) goes to encodeURIComponent, which refuses it.
  if (value.length >= LONG && (value as { isWellFormed?: () => boolean }).isWellFormed?.() === true) return percentEncodeLong(value);
  return percentEncodeNative(value);
}

/**
 * {@link percentEncode} through `encodeURIComponent` alone, at any length: the same output,
 * without the byte loop for long values (`_encode-long.ts`) and its bytes in a bundle. What the
 * signer encodes that is short besides the parameters (URIs, secrets, signatures), and every value
 * in the `/hmac` entry.
 *
 * @throws {OAuthError} `INVALID_STRING` when the value holds a lone surrogate (it has no UTF-8 form).
 * @example
 * ```ts
 * percentEncodeNative('Ladies + Gentlemen'); // 'Ladies%20%2B%20Gentlemen'
 * ```
 */
export function percentEncodeNative(value: string): string {
  // Most OAuth values (keys, nonces, timestamps, names) need no escaping at all.
  if (UNRESERVED_ONLY.test(value)) return value;
  try {
    return encodeURIComponent(value).replace(LEFT_BY_ENCODE_URI_COMPONENT, escapeSubDelim);
  } catch {
    throw new OAuthError('INVALID_STRING', 'a value holds a lone surrogate: it has no UTF-8 form');
  }
}
