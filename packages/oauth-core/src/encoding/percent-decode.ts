import { OAuthError } from '../errors.js';

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
  try {
    return decodeURIComponent(value);
  } catch {
    throw new OAuthError('INVALID_STRING', 'a value has a bad %-escape or is not UTF-8');
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
  return percentDecode(value.replace(/\+/g, ' '));
}
