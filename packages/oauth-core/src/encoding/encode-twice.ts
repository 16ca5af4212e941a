import { percentEncode } from './percent-encode.js';

// The signer needs each value percent-encoded once (body, header) and twice (the signature base
// string, RFC 5849 §3.4.1.1 encodes the normalized parameters again). An encoded string holds only
// unreserved characters and `%XX`, so its second encoding is `%` -> `%25`. Most values (keys,
// nonces, numbers) need no escaping and come back as they are; the fast encoder of encode-fast.ts
// does the work when the entry carries it (all but the minimal /hmac entry).
/** Encodes a value once and twice in one pass: `encodeValueFast`, for the entries that carry it. */
export type FastEncoder = (value: string) => [once: string, twice: string];

/**
 * Percent-encodes a value once (RFC 5849 §3.6) and twice (its form inside the signature base
 * string): `[percentEncode(v), percentEncode(percentEncode(v))]`. Values that need escaping go
 * to `encodeFast` when given (`encodeValueFast`: one pass, a byte loop for long values).
 *
 * @throws {OAuthError} `INVALID_STRING` when the value holds a lone surrogate.
 * @example
 * ```ts
 * encodeOnceAndTwice('a b+c'); // ['a%20b%2Bc', 'a%2520b%252Bc']
 * ```
 */
export function encodeOnceAndTwice(value: string, encodeFast?: FastEncoder): [once: string, twice: string] {
  // encodeFast scans the value itself (a regular expression costs ~2 ns a character on V8,
  // and a 40 KB Base64 payload was scanned twice); percentEncode tests it before encoding.
  if (encodeFast !== undefined) return encodeFast(value);
  const once = percentEncode(value);
  return once === value ? [value, value] : [once, once.replaceAll('%', '%25')];
}
