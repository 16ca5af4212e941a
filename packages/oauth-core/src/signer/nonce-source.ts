import type { CryptoAdapter } from '../adapters/types.js';

/** The CSPRNG bytes drawn at once: 256 nonces of 16 bytes (a call costs more than the letters: ~7 µs on Node). */
const POOL_BYTES = 4096;
const decoder = /* @__PURE__ */ new TextDecoder();

/**
 * Each byte as two letters a-p (base16 with the letters a-p for the digits 0-f, as Chrome writes
 * extension IDs). A nonce of no decimal digit at all is never taken for a card number by a PAN
 * scanner (PCI DSS has logs scanned for digit runs), so it reads the same in every log it reaches.
 * The whole pool is written as one string, so that a nonce is a slice of it (no string built of
 * 16 pieces per request, to be flattened by every later use).
 */
function asLetters(bytes: Uint8Array): string {
  const letters = new Uint8Array(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    letters[2 * i] = 97 + (byte >> 4);
    letters[2 * i + 1] = 97 + (byte & 15);
  }
  return decoder.decode(letters);
}

/**
 * The default `oauth_nonce` (RFC 5849 §3.3: unique for each request with the same timestamp and
 * credentials): 128 bits from the adapter's CSPRNG, as 32 letters a-p, 4 bits each. The CSPRNG
 * is called once per 256 nonces, through a pool.
 */
export function createNonceSource(adapter: CryptoAdapter): () => string {
  let pool = '';
  let offset = 0;
  return () => {
    if (offset + 32 > pool.length) {
      pool = asLetters(adapter.randomBytes(POOL_BYTES));
      offset = 0;
    }
    offset += 32;
    return pool.slice(offset - 32, offset);
  };
}
