import { encodeBase64 } from '@paysign/oauth-core';

/** Takes text in pieces, returns the padded Base64 of its UTF-8 bytes as one string. */
export interface Utf8Base64Writer {
  /** Appends a piece; it must not end inside a surrogate pair (whole CSV lines never do). */
  write(text: string): void;
  /** The Base64 of everything written. */
  end(): string;
}

/**
 * Base64 of UTF-8 without holding the whole byte string: each piece is UTF-8 encoded into one
 * reused buffer, the longest prefix whose length is a multiple of 3 is Base64-encoded (3 bytes
 * make 4 characters, so pieces of aligned output concatenate into exactly the Base64 of the
 * whole), and the 0-2 bytes left over are carried to the front of the buffer for the next piece.
 */
export function createUtf8Base64Writer(): Utf8Base64Writer {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let buffer = new Uint8Array(0);
  let carried = 0;
  return {
    write(text) {
      // A UTF-16 unit is at most 3 UTF-8 bytes (a surrogate pair is 2 units, 4 bytes).
      const room = carried + text.length * 3;
      if (buffer.length < room) {
        const grown = new Uint8Array(Math.max(room, buffer.length * 2));
        grown.set(buffer.subarray(0, carried));
        buffer = grown;
      }
      const total = carried + encoder.encodeInto(text, buffer.subarray(carried)).written;
      const aligned = total - (total % 3);
      if (aligned > 0) parts.push(encodeBase64(buffer.subarray(0, aligned)));
      buffer.copyWithin(0, aligned, total);
      carried = total - aligned;
    },
    end() {
      if (carried > 0) parts.push(encodeBase64(buffer.subarray(0, carried)));
      carried = 0;
      return parts.join('');
    },
  };
}
