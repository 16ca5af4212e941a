import type { CryptoAdapter } from '../adapters/types.js';

// Each byte as two letters a-p (base16 with the letters a-p for the digits 0-f, as Chrome writes
// extension IDs). A nonce of no decimal digit at all is never taken for a card number by a PAN
// scanner (PCI DSS has logs scanned for digit runs), so it reads the same in every log it reaches.
const BYTE_AS_LETTERS = /* @__PURE__ */ Array.from({ length: 256 }, (_, byte) => String.fromCharCode(97 + (byte >> 4), 97 + (byte & 15)));

/**
 * The default `oauth_nonce` (RFC 5849 §3.3: unique for each request with the same timestamp and
 * credentials): 128 bits from the adapter's CSPRNG, as 32 letters a-p, 4 bits each. The CSPRNG
 * is called once per 64 nonces, through a pool (a call costs more than the letters).
 */
export function createNonceSource(adapter: CryptoAdapter): () => string {
  let pool: Uint8Array = new Uint8Array(0);
  let offset = 0;
  return () => {
    if (offset + 16 > pool.length) {
      pool = adapter.randomBytes(1024);
      offset = 0;
    }
    let nonce = '';
    for (const end = offset + 16; offset < end; offset++) nonce += BYTE_AS_LETTERS[pool[offset] as number];
    return nonce;
  };
}
