// The default nonce (RFC 5849 §3.3): 128 bits from the CSPRNG as 32 letters a-p, so it holds no
// decimal digit and no log's card-number masking can take it for a card number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CryptoAdapter } from '../src/adapters/types.js';
import { createNonceSource } from '../src/signer/nonce-source.js';

function adapterGiving(pools: Uint8Array[]): CryptoAdapter {
  let call = 0;
  return {
    randomBytes: (length: number) => {
      const bytes = new Uint8Array(length);
      bytes.set((pools[call++] ?? crypto.getRandomValues(new Uint8Array(length))).subarray(0, length));
      return bytes;
    },
  } as unknown as CryptoAdapter;
}

/** The 16 bytes a nonce was made of: each pair of letters a-p is one byte, high half first. */
function bytesOf(nonce: string): number[] {
  return Array.from({ length: nonce.length / 2 }, (_, i) => (nonce.charCodeAt(2 * i) - 97) * 16 + (nonce.charCodeAt(2 * i + 1) - 97));
}

describe('the default nonce', () => {
  it('is the CSPRNG bytes, 16 per nonce in the order drawn, as 32 letters a-p: never a decimal digit, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 4096, maxLength: 4096 }), (pool) => {
        const next = createNonceSource(adapterGiving([pool]));
        for (let n = 0; n < 256; n++) {
          const nonce = next();
          expect(nonce).toMatch(/^[a-p]{32}$/);
          expect(bytesOf(nonce)).toEqual([...pool.subarray(16 * n, 16 * n + 16)]);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('draws a new pool after 256 nonces, and never repeats over 100,000 draws', () => {
    let calls = 0;
    const counting = { randomBytes: (length: number) => (calls++, crypto.getRandomValues(new Uint8Array(length))) } as unknown as CryptoAdapter;
    const next = createNonceSource(counting);
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(next());
    expect(seen.size).toBe(100_000);
    expect(calls).toBe(Math.ceil(100_000 / 256));
  });
});
