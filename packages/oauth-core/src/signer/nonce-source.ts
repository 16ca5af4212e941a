import type { CryptoAdapter } from '../adapters/types.js';
import { OAuthError } from '../errors.js';

const HEX_BYTE = /* @__PURE__ */ Array.from({ length: 256 }, (_, byte) => (byte < 16 ? '0' : '') + byte.toString(16));

// Logs mask every run of 13 or more decimal digits as a possible card number (PCI DSS; see
// @paysign/protocol's redactCardData), and about 2% of random 32-hex-digit strings hold such a run. A
// nonce must survive a log to be checked again from it, so those draws are discarded.
const CARD_NUMBER_SHAPED = /[0-9]{13}/;
// A working CSPRNG gives 64 such draws in a row with a probability of about 0.02^64: one that does
// repeats itself (all zeros, a fixed seed), and would otherwise make signing loop for ever.
const MAX_DISCARDED_DRAWS = 64;

/**
 * The default `oauth_nonce`: 128 bits from the adapter's CSPRNG as 32 hex digits, drawn from a
 * pool so that the CSPRNG is called once per 64 nonces (a call costs more than the hex). A draw
 * with 13 decimal digits in a row is discarded: a log would mask it as a card number. An
 * adapter whose bytes give 64 such draws in a row is refused (`ADAPTER_UNAVAILABLE`, naming
 * `adapter`) instead of being asked again for ever.
 */
export function createNonceSource(adapter: CryptoAdapter): () => string {
  let pool: Uint8Array = new Uint8Array(0);
  let offset = 0;
  return () => {
    let hex: string;
    let discarded = -1;
    do {
      if (++discarded === MAX_DISCARDED_DRAWS) {
        throw new OAuthError('ADAPTER_UNAVAILABLE', "the adapter's randomBytes gave 64 nonces in a row shaped like card numbers: it is not a CSPRNG", {
          source: 'options',
          field: 'adapter',
        });
      }
      if (offset + 16 > pool.length) {
        pool = adapter.randomBytes(1024);
        offset = 0;
      }
      hex = '';
      for (let end = offset + 16; offset < end; offset++) hex += HEX_BYTE[pool[offset] as number];
    } while (CARD_NUMBER_SHAPED.test(hex));
    return hex;
  };
}
