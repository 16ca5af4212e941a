import { LONG, percentEncode, percentEncodeNative, UNRESERVED_ONLY } from './percent-encode.js';

/**
 * One request parameter as the signer lays it out: its name and value percent-encoded once
 * (RFC 5849 §3.6), as the form, the header, the query and the sort of §3.4.1.3.2 take them; and
 * the pair as the signature base string carries it (§3.4.1.1 encodes the normalized parameters
 * again): `%26name%3Dvalue`, each encoded twice, after the `&` (`%26`) that joins it to the pair
 * before (the first pair's is left out).
 */
export type EncodedPair = readonly [name: string, value: string, inBaseString: string];

/**
 * Encodes one decoded pair as an {@link EncodedPair}: the full entries' {@link encodePair}, or
 * `/hmac`'s {@link encodePairNative}, the same output in fewer bytes.
 *
 * @throws {OAuthError} `INVALID_STRING` when the name or the value holds a lone surrogate.
 */
export type PairEncoder = (name: string, value: string) => EncodedPair;

/** A name of at most this length is kept, encoded, in {@link names}. */
const NAME_KEPT = 64;
/** How many names {@link names} holds before it starts again. */
const NAMES_KEPT = 512;

function unreservedTable(): Uint8Array {
  const table = new Uint8Array(128);
  for (let code = 0; code < 128; code++) table[code] = UNRESERVED_ONLY.test(String.fromCharCode(code)) ? 1 : 0;
  return table;
}

function escapes(prefix: string): string[] {
  return Array.from({ length: 256 }, (_, byte) => `${prefix}${byte.toString(16).toUpperCase().padStart(2, '0')}`);
}

/** 1 for an unreserved ASCII character (RFC 3986 §2.3). */
const UNRESERVED = /* @__PURE__ */ unreservedTable();
/** Each byte's escape, `%XX`, and that escape encoded again, `%25XX`. */
const ONCE: readonly string[] = /* @__PURE__ */ escapes('%');
const TWICE: readonly string[] = /* @__PURE__ */ escapes('%25');

/**
 * The names signed before, encoded once and as the base string carries them (`%26name%3D`, one
 * flat string): a client signs the same few names on every request, so each is encoded once.
 * Names only (never a value: values may be card data); bounded, and started again when full.
 */
const names = /* @__PURE__ */ new Map<string, readonly [once: string, inBaseString: string]>();

// What encodeTwice wrote: the value encoded once and twice, read right after each call.
let once = '';
let twice = '';

/**
 * Percent-encodes a short value once and twice in one pass: the runs of unreserved characters
 * are sliced, each other character's UTF-8 bytes escaped from the tables. Short values that need
 * escaping (a name, an address, a URL) were most of the signer's time in encodeURIComponent's
 * two calls and its sub-delimiter pass; a long one (a Base64 payload) goes to percentEncode.
 * Each run is joined to the escape after it before it is appended: the fewer pieces a string is
 * made of, the less the hash spends flattening the base string.
 */
function encodeTwice(value: string): void {
  if (value.length >= LONG) {
    once = percentEncode(value);
    // An encoding that is the value itself holds no `%`: it is its own encoding again.
    twice = once === value ? value : percentEncode(once);
    return;
  }
  if (UNRESERVED_ONLY.test(value)) {
    once = twice = value;
    return;
  }
  let encoded = '';
  let again = '';
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    let code = value.charCodeAt(i);
    if (code < 128 && UNRESERVED[code] === 1) continue;
    const run = value.slice(start, i);
    start = i + 1;
    if (code < 0x80) {
      encoded += run + ONCE[code];
      again += run + TWICE[code];
      continue;
    }
    // UTF-8 (RFC 3629): a surrogate pair is one code point (4 bytes); a lone surrogate has none.
    if (code >= 0xd800 && code < 0xe000) {
      const low = value.charCodeAt(++i);
      // A lone one: percentEncodeNative refuses the value (INVALID_STRING, with its one message).
      if (code >= 0xdc00 || !(low >= 0xdc00 && low < 0xe000)) percentEncodeNative(value);
      code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
      start = i + 1;
    }
    // The lead byte (the length's marker and the top bits), then 6 bits a byte.
    let shift = code < 0x800 ? 6 : code < 0x10000 ? 12 : 18;
    let byte = ((0xf00 >> (shift / 6 + 1)) & 0xff) | (code >> shift);
    let escaped = run;
    let escapedAgain = run;
    for (;;) {
      escaped += ONCE[byte];
      escapedAgain += TWICE[byte];
      if (shift === 0) break;
      shift -= 6;
      byte = 0x80 | ((code >> shift) & 63);
    }
    encoded += escaped;
    again += escapedAgain;
  }
  const rest = value.slice(start);
  once = encoded + rest;
  twice = again + rest;
}

/**
 * §3.4.1.3.2 step 1 for one pair, with the pair as the base string carries it. The full entries'
 * {@link PairEncoder}: the same output as {@link percentEncode}, faster on the short values a
 * request has (conformance/suites/properties.ts holds both equal to §3.6 written out).
 *
 * @throws {OAuthError} `INVALID_STRING` when the name or the value holds a lone surrogate.
 * @example
 * ```ts
 * encodePair('order_desc', 'Fees: 0%'); // ['order_desc', 'Fees%3A%200%25', '%26order_desc%3DFees%253A%25200%2525']
 * ```
 */
export function encodePair(name: string, value: string): EncodedPair {
  let encodedName = names.get(name);
  if (encodedName === undefined) {
    encodeTwice(name);
    // `%26name%3D` joined as one flat string (join copies its parts): one piece in every base string.
    encodedName = [once, ['%26', twice, '%3D'].join('')];
    if (name.length <= NAME_KEPT) {
      if (names.size >= NAMES_KEPT) names.clear();
      names.set(name, encodedName);
    }
  }
  encodeTwice(value);
  return [encodedName[0], once, encodedName[1] + twice];
}

/**
 * {@link encodePair} through {@link percentEncodeNative}: the `/hmac` entry's {@link PairEncoder},
 * the same output without the tables, the names kept, or the byte loop for long values.
 *
 * @throws {OAuthError} `INVALID_STRING` when the name or the value holds a lone surrogate.
 * @example
 * ```ts
 * encodePairNative('order_desc', 'Fees: 0%'); // ['order_desc', 'Fees%3A%200%25', '%26order_desc%3DFees%253A%25200%2525']
 * ```
 */
export function encodePairNative(name: string, value: string): EncodedPair {
  const encodedName = percentEncodeNative(name);
  const encodedValue = percentEncodeNative(value);
  // Encoded again: of an encoded string's characters, only `%` is not unreserved, and encodeURIComponent escapes it as `%25`.
  return [encodedName, encodedValue, `%26${encodeURIComponent(encodedName)}%3D${encodeURIComponent(encodedValue)}`];
}
