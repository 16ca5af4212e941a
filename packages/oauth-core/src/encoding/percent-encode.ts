import { OAuthError } from '../errors.js';

// RFC 3986 §2.3 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". encodeURIComponent leaves
// these five more unescaped, which RFC 5849 §3.6 requires us to escape.
const UNESCAPED_BY_ENCODE_URI_COMPONENT = /[!'()*]/g;
const HEX_OF: Record<string, string> = { '!': '%21', "'": '%27', '(': '%28', ')': '%29', '*': '%2A' };
const ALL_UNRESERVED = /^[A-Za-z0-9\-._~]*$/;

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
  // Most OAuth values (keys, nonces, timestamps, method names) need no escaping at all.
  if (ALL_UNRESERVED.test(value)) return value;
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    throw new OAuthError('INVALID_STRING', 'a value holds a lone UTF-16 surrogate, which has no UTF-8 encoding');
  }
  return encoded.replace(UNESCAPED_BY_ENCODE_URI_COMPONENT, (c) => HEX_OF[c] as string);
}

/**
 * Decodes an RFC 3986 percent-encoded string (no `+` rule: use {@link formDecode} for form bodies).
 *
 * @throws {OAuthError} `INVALID_STRING` on a malformed escape or bytes that are not UTF-8.
 * @example
 * ```ts
 * percentDecode('Ladies%20%2B%20Gentlemen'); // 'Ladies + Gentlemen'
 * ```
 */
export function percentDecode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new OAuthError('INVALID_STRING', 'a percent-encoded value has a malformed escape or is not UTF-8');
  }
}

/**
 * Decodes one `application/x-www-form-urlencoded` name or value: `+` is a space, then
 * percent-decoding of UTF-8.
 *
 * @throws {OAuthError} `INVALID_STRING` on a malformed escape or bytes that are not UTF-8.
 * @example
 * ```ts
 * formDecode('Ladies+%2B+Gentlemen'); // 'Ladies + Gentlemen'
 * ```
 */
export function formDecode(value: string): string {
  return percentDecode(value.includes('+') ? value.replace(/\+/g, ' ') : value);
}
