import { encodeBase64 } from '@paysign/oauth-core';
import type { ByteSink } from '../csv/_write-csv.js';

/**
 * A sink that turns bytes arriving in pieces into one padded Base64 text. It encodes the longest
 * prefix of each piece whose length is a multiple of 3 (3 bytes are exactly 4 characters, so the
 * texts of aligned pieces concatenate into the Base64 of the whole) and leaves the 0-2 other
 * bytes to arrive again with the next piece. Base64 itself is oauth-core's `encodeBase64`: the
 * runtime's native encoder where there is one.
 */
export function createBase64Sink(): ByteSink & { text(): string } {
  const parts: string[] = [];
  return {
    write(bytes) {
      const aligned = bytes.length - (bytes.length % 3);
      if (aligned > 0) parts.push(encodeBase64(bytes.subarray(0, aligned)));
      return aligned;
    },
    end(bytes) {
      if (bytes.length > 0) parts.push(encodeBase64(bytes));
    },
    text: () => parts.join(''),
  };
}
