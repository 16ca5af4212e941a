const HEX = '0123456789ABCDEF';
const isHex = (byte: number | undefined): boolean =>
  byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66));
const hexValue = (byte: number): number => (byte <= 0x39 ? byte - 0x30 : (byte | 0x20) - 0x57);
// U+0080..U+00FF in UTF-8 is two bytes: C2 or C3, then 80 + the low six bits.
const utf8Escaped = (codePoint: number): string => {
  const lead = 0xc0 | (codePoint >> 6);
  const trail = 0x80 | (codePoint & 0x3f);
  return `%${HEX[lead >> 4]}${HEX[lead & 15]}%${HEX[trail >> 4]}${HEX[trail & 15]}`;
};

/**
 * A form body as text in which every percent escape means UTF-8, whatever charset it came in.
 * UTF-8 is decoded as is. In ISO-8859-1 each byte is one character (Latin-1): a byte above 0x7F,
 * raw or percent-escaped (`%E9`, "é"), becomes its UTF-8 escape (`%C3%A9`), so the verifier reads
 * the same characters and signs them as the spec's base string does (UTF-8, then percent-encoded);
 * the form's structure (`&`, `=`, `+`, ASCII escapes) is left exactly as sent. Linear in the body.
 *
 * @example
 * ```ts
 * decodeFormBody(new TextEncoder().encode('name=Ren%E9'), 'iso-8859-1'); // 'name=Ren%C3%A9'
 * ```
 */
export function decodeFormBody(bytes: Uint8Array, charset: 'utf-8' | 'iso-8859-1'): string {
  if (charset === 'utf-8') return new TextDecoder().decode(bytes);
  let text = '';
  let plainFrom = 0;
  const flush = (to: number) => {
    if (to > plainFrom) text += String.fromCharCode(...bytes.subarray(plainFrom, to));
  };
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte === 0x25 && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      const value = hexValue(bytes[i + 1] as number) * 16 + hexValue(bytes[i + 2] as number);
      if (value >= 0x80) {
        flush(i);
        text += utf8Escaped(value);
        plainFrom = i + 3;
      }
      i += 2;
    } else if (byte >= 0x80) {
      flush(i);
      text += utf8Escaped(byte);
      plainFrom = i + 1;
    } else if (i - plainFrom >= 8192) {
      // Bounded chunks for String.fromCharCode's argument count.
      flush(i);
      plainFrom = i;
    }
  }
  flush(bytes.length);
  return text;
}
