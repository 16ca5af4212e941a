// The default nonce: 32 hex digits from the CSPRNG, never with 13 decimal digits in a row (a log
// masks such a run as a card number, and the request could no longer be checked from the log).
import { describe, expect, it } from 'vitest';
import type { CryptoAdapter } from '../src/adapters/types.js';
import { createNonceSource } from '../src/signer/nonce-source.js';

function adapterGiving(...pools: Uint8Array[]): CryptoAdapter {
  let call = 0;
  return {
    randomBytes: (length: number) => {
      const pool = pools[call++] ?? crypto.getRandomValues(new Uint8Array(length));
      const bytes = new Uint8Array(length);
      bytes.set(pool.subarray(0, length));
      return bytes;
    },
  } as unknown as CryptoAdapter;
}

describe('the default nonce', () => {
  it('discards a draw with 13 decimal digits in a row and takes the next', () => {
    const pool = new Uint8Array(1024);
    pool.fill(0x11, 0, 16); // '1111...': 32 decimal digits
    pool.fill(0xab, 16, 32); // 'abab...'
    const next = createNonceSource(adapterGiving(pool));
    expect(next()).toBe('ab'.repeat(16));
  });

  it('refuses an adapter whose bytes never give a usable nonce (all zeros) instead of looping for ever', () => {
    const zeros: CryptoAdapter = { randomBytes: (length: number) => new Uint8Array(length) } as unknown as CryptoAdapter;
    const next = createNonceSource(zeros);
    expect(next).toThrow(expect.objectContaining({ code: 'ADAPTER_UNAVAILABLE', source: 'options', field: 'adapter' }));
  });

  it('is 32 hex digits with no run of 13 decimal digits, over 100,000 draws', () => {
    const next = createNonceSource(adapterGiving());
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) {
      const nonce = next();
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(nonce).not.toMatch(/[0-9]{13}/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(100_000);
  });
});
