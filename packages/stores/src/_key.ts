import { StoreError } from './errors.js';

const encoder = new TextEncoder();
const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text) as Uint8Array<ArrayBuffer>;

/** Longest key, in bytes of UTF-8, stored as it is; a longer one is stored as its SHA-256. */
export const MAX_PLAIN_KEY_BYTES = 200;

// A UTF-16 code unit that is half of a pair with no other half: UTF-8 cannot carry it, and the
// engine's client would send U+FFFD instead, so two different keys would become one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/**
 * The text a callback key is stored under, the same on every engine: the key itself when it is
 * at most {@link MAX_PLAIN_KEY_BYTES} bytes of UTF-8 and does not start with `#`; otherwise
 * `#sha256:` and the SHA-256 of its UTF-8 in hex (so a key of any length fits a PostgreSQL
 * primary key, and no plain key can spell a hashed one). Names starting with `#` that are not
 * hashes (the Redis stores' `#epoch`) are the stores' own.
 *
 * @throws {StoreError} `INVALID_KEY` for a key with a NUL (U+0000) or a lone surrogate.
 */
export async function storedCallbackKey(key: string): Promise<string> {
  if (typeof key !== 'string') throw new StoreError('INVALID_KEY', 'a callback key must be a string');
  if (key.includes('\u0000')) throw new StoreError('INVALID_KEY', 'a callback key must not contain NUL (U+0000): PostgreSQL text cannot hold it');
  if (LONE_SURROGATE.test(key)) throw new StoreError('INVALID_KEY', 'a callback key must be well-formed Unicode (a lone surrogate has no UTF-8)');
  const bytes = utf8(key);
  if (bytes.length <= MAX_PLAIN_KEY_BYTES && !key.startsWith('#')) return key;
  return `#sha256:${hex(await sha256(bytes))}`;
}

/**
 * The bytes a nonce key (or scope) is stored under in PostgreSQL, as hex: its UTF-8 when at most
 * {@link MAX_PLAIN_KEY_BYTES} bytes, else `ff` and its SHA-256 (UTF-8 never holds the byte 0xff,
 * so no plain key can spell a hashed one). Any character is allowed: a verifier's key joins its
 * parts with NUL.
 */
export async function storedNonceBytes(text: string): Promise<string> {
  const bytes = utf8(text);
  if (bytes.length <= MAX_PLAIN_KEY_BYTES) return hex(bytes);
  return `ff${hex(await sha256(bytes))}`;
}
