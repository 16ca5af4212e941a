// UTF-8 encoding of one CSV cell straight into the output buffer, checking it on the way: this
// one pass replaces building the document as a string, testing cells with regular expressions and
// a TextEncoder pass (about twice as fast, with no intermediate string at all).

const QUOTE = 0x22;

// 1 for an ASCII unit written as itself; 0 for the structural ones (`;` `"` CR LF) and NUL. One
// table lookup keeps the common ASCII path to a single test.
const PLAIN_ASCII = /* @__PURE__ */ (() => {
  const table = new Uint8Array(0x80).fill(1);
  for (const c of ';"\r\n\0') table[c.charCodeAt(0)] = 0;
  return table;
})();

/** Returned when the value needs the caller's attention: a structural character or a lone surrogate. */
export const NEEDS_ATTENTION = -1;

/**
 * Writes `value` as UTF-8 at `bytes[at]`; returns the position after it, or {@link NEEDS_ATTENTION}
 * if it holds `;`, `"`, CR, LF, NUL or a lone surrogate. With `quoted`, the value is the inside of
 * an RFC 4180 quoted field: `"` is doubled, `;` CR LF are plain text, NUL and lone surrogates
 * still stop it.
 * The caller guarantees room for `3 * value.length` bytes (a UTF-16 unit is at most 3 bytes).
 */
export function writeCellUtf8(value: string, bytes: Uint8Array, at: number, quoted: boolean): number {
  let pos = at;
  for (let k = 0; k < value.length; k++) {
    const c = value.charCodeAt(k);
    if (c < 0x80) {
      if (PLAIN_ASCII[c] === 0) {
        if (!quoted || c === 0) return NEEDS_ATTENTION;
        if (c === QUOTE) bytes[pos++] = QUOTE;
      }
      bytes[pos++] = c;
    } else if (c < 0x800) {
      bytes[pos++] = 0xc0 | (c >> 6);
      bytes[pos++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c > 0xdfff) {
      bytes[pos++] = 0xe0 | (c >> 12);
      bytes[pos++] = 0x80 | ((c >> 6) & 0x3f);
      bytes[pos++] = 0x80 | (c & 0x3f);
    } else {
      // A high surrogate followed by a low one is one code point; anything else has no UTF-8 form.
      const low = value.charCodeAt(k + 1);
      if (c > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) return NEEDS_ATTENTION;
      const code = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
      bytes[pos++] = 0xf0 | (code >> 18);
      bytes[pos++] = 0x80 | ((code >> 12) & 0x3f);
      bytes[pos++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[pos++] = 0x80 | (code & 0x3f);
      k++;
    }
  }
  return pos;
}
