// RFC 5849 §3.6 written out from its text, never from the library's code: the reference the
// properties (and the signer's pair encoders' own tests) check percent-encoding against.

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const utf8 = new TextEncoder();

/**
 * RFC 5849 §3.6 from its text: UTF-8 octets; unreserved characters kept; every other octet %XX, uppercase.
 *
 * @example
 * ```ts
 * rfcPercentEncode('Ladies + Gentlemen'); // 'Ladies%20%2B%20Gentlemen'
 * ```
 */
export function rfcPercentEncode(value: string): string {
  let out = '';
  for (const byte of utf8.encode(value)) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
