import { OAuthError } from '../errors.js';
import { percentEncode, UNRESERVED_ONLY } from './percent-encode.js';

const LONG = 256;

// The signer's fast path for RFC 5849 §3.6 encoding: each value once and twice in one pass (its
// second encoding is what the encoded normalized parameters are made of), short values run by run,
// long ones (a 40 KB Base64 payload) through a byte loop over their UTF-8, several times faster
// than encodeURIComponent and replaceAll on V8 and JSC: it took the 100-row update request from
// 1.1x to 3x the peers (bench/README.md). Its own module, passed to the signer by the entries that
// can afford its size (node, js, webcrypto, auto; not the minimal /hmac). It stays behind the plain
// function: test/encode-twice.test.ts and test/encoding-hot-paths.test.ts hold it equal to
// percentEncode and to the RFC's text, and test/base-string-fast-path.test.ts holds the base
// strings it makes equal to those of the plain path.
const HEX = /* @__PURE__ */ new TextEncoder().encode('0123456789ABCDEF');
const encoder = /* @__PURE__ */ new TextEncoder();
const decoder = /* @__PURE__ */ new TextDecoder();

// Long values are encoded in chunks of at most CHUNK UTF-8 bytes through fixed scratch buffers
// (overwritten before they are read, so no value outlives its call). They are module constants
// because V8 compiles a loop over constant typed arrays about twice as fast as over any other.
const CHUNK = 8192;
const INPUT = /* @__PURE__ */ new Uint8Array(CHUNK);
const INPUT_VIEW = /* @__PURE__ */ new DataView(INPUT.buffer);
const ONCE = /* @__PURE__ */ new Uint8Array(CHUNK * 3);
const ONCE_VIEW = /* @__PURE__ */ new DataView(ONCE.buffer);
const TWICE = /* @__PURE__ */ new Uint8Array(CHUNK * 5);
const TWICE_VIEW = /* @__PURE__ */ new DataView(TWICE.buffer);

/** 1 for an unreserved byte; 1 for two unreserved bytes (little-endian 16-bit index). Made on first use. */
let safe: Uint8Array | undefined;
let safe16: Uint8Array | undefined;

function makeTables(): void {
  safe = new Uint8Array(256);
  for (const c of encoder.encode('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~')) safe[c] = 1;
  safe16 = new Uint8Array(65536);
  for (let i = 0; i < 65536; i++) safe16[i] = (safe[i & 255] as number) & (safe[i >> 8] as number);
}

/** Encodes INPUT[0, length) into ONCE and TWICE; returns the two lengths as once * 2^20 + twice. */
function encodeChunk(length: number, safe: Uint8Array, safe16: Uint8Array): number {
  let i = 0;
  const words = length - 3;
  // The leading unreserved run is only scanned, then copied natively: a Base64 text of ASCII
  // (the gateway's CSV payloads) has no `+` or `/` at all, only its final `=` padding.
  while (i < words - 4) {
    const low = INPUT_VIEW.getUint32(i, true);
    const high = INPUT_VIEW.getUint32(i + 4, true);
    if ((safe16[low & 0xffff]! & safe16[low >>> 16]! & safe16[high & 0xffff]! & safe16[high >>> 16]!) !== 1) break;
    i += 8;
  }
  while (i < length && safe[INPUT[i] as number] === 1) i++;
  if (i === length) return length * 0x100000 + length;
  ONCE.set(INPUT.subarray(0, i));
  TWICE.set(INPUT.subarray(0, i));
  let o = i;
  let t = i;
  for (;;) {
    // Four unreserved bytes at once (a Base64 value has a reserved character every ~32 bytes).
    while (i < words) {
      const word = INPUT_VIEW.getUint32(i, true);
      if (((safe16[word & 0xffff] as number) & (safe16[word >>> 16] as number)) !== 1) break;
      ONCE_VIEW.setUint32(o, word, true);
      TWICE_VIEW.setUint32(t, word, true);
      o += 4;
      t += 4;
      i += 4;
    }
    if (i >= length) break;
    const c = INPUT[i++] as number;
    if (safe[c] === 1) {
      ONCE[o++] = c;
      TWICE[t++] = c;
    } else {
      const high = HEX[c >> 4] as number;
      const low = HEX[c & 15] as number;
      ONCE[o] = 37;
      ONCE[o + 1] = high;
      ONCE[o + 2] = low;
      o += 3;
      TWICE[t] = 37;
      TWICE[t + 1] = 50;
      TWICE[t + 2] = 53;
      TWICE[t + 3] = high;
      TWICE[t + 4] = low;
      t += 5;
    }
  }
  return o * 0x100000 + t;
}

/** A long value once and twice through its UTF-8 bytes, four unreserved bytes at a time. */
function encodeLong(value: string): [once: string, twice: string] {
  const isWellFormed = (value as { isWellFormed?: () => boolean }).isWellFormed;
  if (isWellFormed === undefined || !isWellFormed.call(value)) {
    const once = percentEncode(value);
    return [once, once.replaceAll('%', '%25')];
  }
  if (safe === undefined || safe16 === undefined) makeTables();
  let once = '';
  let twice = '';
  for (let position = 0; position < value.length; ) {
    const { read, written } = encoder.encodeInto(position === 0 ? value : value.slice(position), INPUT);
    const lengths = encodeChunk(written, safe as Uint8Array, safe16 as Uint8Array);
    const onceLength = Math.floor(lengths / 0x100000);
    if (onceLength === written) {
      // Nothing escaped in this chunk (most chunks of a Base64 payload): the value's own slice.
      const run = value.slice(position, position + read);
      once += run;
      twice += run;
    } else {
      // Only ASCII was written, so UTF-8 decoding gives exactly these characters.
      once += decoder.decode(ONCE.subarray(0, onceLength));
      twice += decoder.decode(TWICE.subarray(0, lengths % 0x100000));
    }
    position += read;
  }
  return [once, twice];
}

// Short values: runs of unreserved ASCII are sliced, the other ASCII characters looked up, and
// only non-ASCII runs go through encodeURIComponent (which refuses lone surrogates).
const ASCII_UNRESERVED = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = UNRESERVED_ONLY.test(String.fromCharCode(c)) ? 1 : 0;
  return table;
})();
/** `%XX` and its second encoding `%25XX` for each ASCII character. */
const ESCAPED_ONCE = /* @__PURE__ */ Array.from({ length: 128 }, (_, c) => `%${c < 16 ? '0' : ''}${c.toString(16).toUpperCase()}`);
const ESCAPED_TWICE = /* @__PURE__ */ ESCAPED_ONCE.map((once) => `%25${once.slice(1)}`);

function encodeShort(value: string): [once: string, twice: string] {
  let once = '';
  let twice = '';
  let start = 0;
  const length = value.length;
  for (let i = 0; i < length; i++) {
    const c = value.charCodeAt(i);
    if (c < 128) {
      if (ASCII_UNRESERVED[c] === 1) continue;
      const run = value.slice(start, i);
      once = once + run + (ESCAPED_ONCE[c] as string);
      twice = twice + run + (ESCAPED_TWICE[c] as string);
      start = i + 1;
    } else {
      let end = i + 1;
      while (end < length && value.charCodeAt(end) >= 128) end++;
      let utf8: string;
      try {
        utf8 = encodeURIComponent(value.slice(i, end));
      } catch {
        throw new OAuthError('INVALID_STRING', 'a value holds a lone surrogate: it has no UTF-8 form');
      }
      const run = value.slice(start, i);
      once = once + run + utf8;
      twice = twice + run + utf8.replaceAll('%', '%25');
      start = end;
      i = end - 1;
    }
  }
  if (start === 0) return [value, value];
  const tail = value.slice(start);
  return [once + tail, twice + tail];
}

/**
 * Percent-encodes a value once and twice in one pass: `[percentEncode(v), percentEncode(percentEncode(v))]`,
 * through a byte loop from 256 characters on. What the signer's `encodeFast` is in every entry but /hmac.
 *
 * @throws {OAuthError} `INVALID_STRING` when the value holds a lone surrogate.
 * @example
 * ```ts
 * encodeValueFast('a b+c'); // ['a%20b%2Bc', 'a%2520b%252Bc']
 * ```
 */
export function encodeValueFast(value: string): [once: string, twice: string] {
  return value.length >= LONG ? encodeLong(value) : encodeShort(value);
}
