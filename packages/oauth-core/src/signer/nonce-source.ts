import type { CryptoAdapter } from '../adapters/types.js';

const HEX_BYTE = /* @__PURE__ */ Array.from({ length: 256 }, (_, byte) => (byte < 16 ? '0' : '') + byte.toString(16));

/**
 * The default `oauth_nonce`: 128 bits from the adapter's CSPRNG as 32 hex digits, drawn from a
 * pool so that the CSPRNG is called once per 64 nonces (a call costs more than the hex).
 */
export function createNonceSource(adapter: CryptoAdapter): () => string {
  let pool: Uint8Array = new Uint8Array(0);
  let offset = 0;
  return () => {
    if (offset + 16 > pool.length) {
      pool = adapter.randomBytes(1024);
      offset = 0;
    }
    let hex = '';
    for (let end = offset + 16; offset < end; offset++) hex += HEX_BYTE[pool[offset] as number];
    return hex;
  };
}
