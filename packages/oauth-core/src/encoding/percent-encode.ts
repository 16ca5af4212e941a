import { OAuthError } from '../errors.js';

// RFC 3986 §2.3 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". Everything else is escaped,
// including the !'()* that encodeURIComponent leaves alone (RFC 5849 §3.6 asks for them escaped).
const UNRESERVED = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~') table[c.charCodeAt(0)] = 1;
  return table;
})();
const HEX = /* @__PURE__ */ Array.from({ length: 128 }, (_, c) => '%' + (c < 16 ? '0' : '') + c.toString(16).toUpperCase());

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
  // This is the signer's hottest loop: runs of unreserved characters are copied by slice, ASCII
  // is escaped from a table, and only non-ASCII runs go through encodeURIComponent (for UTF-8).
  const length = value.length;
  let i = 0;
  while (i < length) {
    const c = value.charCodeAt(i);
    if (c >= 128 || UNRESERVED[c] === 0) break;
    i++;
  }
  if (i === length) return value;
  let out = '';
  let start = 0;
  for (; i < length; i++) {
    const c = value.charCodeAt(i);
    if (c < 128) {
      if (UNRESERVED[c] === 1) continue;
      out += value.slice(start, i) + HEX[c];
      start = i + 1;
      continue;
    }
    let end = i + 1;
    while (end < length && value.charCodeAt(end) >= 128) end++;
    let utf8: string;
    try {
      utf8 = encodeURIComponent(value.slice(i, end));
    } catch {
      throw new OAuthError('INVALID_STRING', 'a value holds a lone UTF-16 surrogate, which has no UTF-8 encoding');
    }
    out += value.slice(start, i) + utf8;
    i = end - 1;
    start = end;
  }
  return out + value.slice(start);
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
