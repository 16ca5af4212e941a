import { decodeBase64, OAuthError } from '@paysign/oauth-core';
import { CodecError } from '../errors.js';

// Pieces of this many characters (a multiple of 4, so every piece is whole Base64 groups) are
// decoded one at a time: validating a multi-megabyte text with one regular expression overflows
// the regex engine's backtracking stack.
const PIECE_CHARS = 1 << 16;

/**
 * Decodes canonical padded standard Base64 (RFC 4648 §4) of any length: no whitespace, no
 * base64url alphabet, `=` only at the end, zero pad bits. Anything else is refused with a
 * {@link CodecError} that says what is wrong and where, never guessed at.
 */
export function decodeCanonicalBase64(text: string): Uint8Array {
  if (typeof text !== 'string') throw new CodecError('INVALID_BASE64', 'the payload must be a string');
  if (text.length % 4 !== 0) throw describeInvalidBase64(text);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let written = 0;
  for (let from = 0; from < text.length; from += PIECE_CHARS) {
    const piece = text.slice(from, from + PIECE_CHARS);
    // Each piece is canonical on its own, so padding in the middle of the text needs this check.
    if (from + PIECE_CHARS < text.length && piece.endsWith('=')) throw describeInvalidBase64(text);
    let decoded: Uint8Array;
    try {
      decoded = decodeBase64(piece);
    } catch (error) {
      if (error instanceof OAuthError) throw describeInvalidBase64(text);
      throw error;
    }
    bytes.set(decoded, written);
    written += decoded.length;
  }
  return bytes;
}

/** Finds the first rule the text breaks, for the error message (the failure path only). */
function describeInvalidBase64(text: string): CodecError {
  const invalid = (rule: string) => new CodecError('INVALID_BASE64', `the payload is not canonical padded Base64 (RFC 4648 §4): ${rule}`);
  const body = text.replace(/={1,2}$/, '');
  const stray = /[^A-Za-z0-9+/]/.exec(body);
  if (stray) {
    const [c] = stray;
    const at = stray.index;
    if (c === '=') return invalid(`padding "=" at offset ${at}, before the end`);
    if (/\s/.test(c)) return invalid(`whitespace or a line break at offset ${at} (the payload is one unbroken line)`);
    if (c === '-' || c === '_') return invalid(`a base64url character at offset ${at} (the payload uses "+" and "/")`);
    return invalid(`a character outside the Base64 alphabet at offset ${at}`);
  }
  if (text.length % 4 !== 0) return invalid(`its length, ${text.length}, is not a multiple of 4 (padding missing, or the text cut short)`);
  return invalid('the last character before the padding has non-zero pad bits');
}
