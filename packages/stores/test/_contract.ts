// One contract, run over every store (memory, Redis through node-redis and ioredis, PostgreSQL;
// the Durable Object and Deno KV stores through their runtimes, see edge-runtimes.test.ts): the
// sentences of oauth-core's NonceStore and gateway's CallbackSeenStore, on real time and real engines.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CallbackSeenStore } from '@paysign/gateway';
import type { NonceStore } from '@paysign/oauth-core';

export interface NonceSubject {
  /** A store instance; two calls give two instances over the same engine (two processes' view). */
  store(): NonceStore;
  /** A store that keeps a key this long past its expiry by design (the edge stores: 60 s, for clock differences). */
  keepsSecondsPastExpiry?: number;
}

export interface CallbackSubject {
  store(options: { leaseMs: number; doneTtlMs: number }): CallbackSeenStore;
  /** Whether two instances share what they hold (false for the in-memory store). */
  shared: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = () => randomUUID();
const nowSeconds = () => Date.now() / 1000;

export function nonceStoreContract(name: string, subject: () => NonceSubject): void {
  describe(`${name}: NonceStore contract`, () => {
    it('a nonce is new once, seen after (whatever expiry the copy names); another key is new', async () => {
      const store = subject().store();
      const key = unique();
      const expiresAt = nowSeconds() + 300;
      expect(await store.remember(key, expiresAt, 'merchant-a')).toBe(true);
      expect(await store.remember(key, expiresAt, 'merchant-a')).toBe(false);
      expect(await store.remember(key, expiresAt + 100, 'merchant-a')).toBe(false);
      expect(await store.remember(unique(), expiresAt, 'merchant-a')).toBe(true);
      // A verifier's key joins its parts with NUL; any character is a key's own.
      const odd = `${key}\u0000€\u0000${'x'.repeat(200)}`;
      expect(await store.remember(odd, expiresAt, 'merchant-a')).toBe(true);
      expect(await store.remember(odd, expiresAt, 'merchant-a')).toBe(false);
    });

    it('of 20 concurrent remembers of one nonce (over two instances) exactly one is new', async () => {
      const s = subject();
      const [a, b] = [s.store(), s.store()];
      const key = unique();
      const expiresAt = nowSeconds() + 300;
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).remember(key, expiresAt, 'm')));
      expect(results.filter((r) => r === true)).toHaveLength(1);
      expect(results.filter((r) => r === false)).toHaveLength(19);
    });

    it('a nonce is refused until its expiry and forgotten within about a second after it (or kept as long as the store says)', async () => {
      const s = subject();
      const store = s.store();
      const key = unique();
      const expiresAt = nowSeconds() + 2;
      expect(await store.remember(key, expiresAt, 'm')).toBe(true);
      // Well before the expiry (a loaded machine may stall a few hundred ms), then a second after it.
      await sleep(Math.max(0, (expiresAt - 0.8 - nowSeconds()) * 1000));
      expect(await store.remember(key, nowSeconds() + 300, 'm')).toBe(false);
      await sleep(Math.max(0, (expiresAt + 1 - nowSeconds()) * 1000));
      if (s.keepsSecondsPastExpiry !== undefined) {
        // Still refused just after its expiry; forgetting it after the grace is checked with a fake clock in the store's own tests.
        expect(await store.remember(key, nowSeconds() + 300, 'm')).toBe(false);
        return;
      }
      expect(await store.remember(key, nowSeconds() + 300, 'm')).toBe(true);
      expect(await store.remember(key, nowSeconds() + 300, 'm')).toBe(false);
    });

    it('a nonce already past its expiry (and any grace the store keeps) is never new: refused or thrown', async () => {
      const s = subject();
      const past = nowSeconds() - 5 - (s.keepsSecondsPastExpiry ?? 0);
      const outcome = await Promise.resolve(s.store().remember(unique(), past, 'm')).catch(() => 'threw');
      expect(outcome === false || outcome === 'threw').toBe(true);
    });
  });
}

export function callbackStoreContract(name: string, subject: () => CallbackSubject): void {
  describe(`${name}: CallbackSeenStore contract`, () => {
    const long = { leaseMs: 60_000, doneTtlMs: 60_000 };

    it('claim: new, then pending while handled; complete: done; release: new again', async () => {
      const store = subject().store(long);
      const [handled, failed] = [unique(), unique()];
      expect(await store.claim(handled)).toBe('new');
      expect(await store.claim(handled)).toBe('pending');
      await store.complete(handled);
      expect(await store.claim(handled)).toBe('done');
      expect(await store.claim(failed)).toBe('new');
      await store.release(failed);
      expect(await store.claim(failed)).toBe('new');
    });

    it('of 20 concurrent claims of one callback exactly one is new', async () => {
      const s = subject();
      const one = s.store(long);
      const stores = s.shared ? [one, s.store(long)] : [one, one];
      const key = unique();
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2]!.claim(key)));
      expect(results.filter((r) => r === 'new')).toHaveLength(1);
      expect(results.filter((r) => r === 'pending')).toHaveLength(19);
    });

    it('a claim is a lease: pending until it ends, then claimable again within half a second, by exactly one of many claimers', async () => {
      const s = subject();
      const lease = { leaseMs: 2_000, doneTtlMs: 60_000 };
      const first = s.store(lease);
      const key = unique();
      const claimedAt = Date.now();
      expect(await first.claim(key)).toBe('new');
      await sleep(Math.max(0, claimedAt + 1_000 - Date.now()));
      expect(await first.claim(key)).toBe('pending');
      await sleep(Math.max(0, claimedAt + 2_000 + 500 - Date.now()));
      const others = Array.from({ length: 8 }, () => (s.shared ? s.store(lease) : first));
      const results = await Promise.all(others.map((store) => store.claim(key)));
      expect(results.filter((r) => r === 'new')).toHaveLength(1);
      expect(results.filter((r) => r === 'pending')).toHaveLength(7);
      if (s.shared) {
        // The dead claimant's late release does not drop the new claimant's lease.
        await first.release(key);
        expect(await s.store(lease).claim(key)).toBe('pending');
      }
    });

    it('done holds for doneTtlMs, then the key is forgotten', async () => {
      const store = subject().store({ leaseMs: 60_000, doneTtlMs: 1_500 });
      const key = unique();
      expect(await store.claim(key)).toBe('new');
      await store.complete(key);
      expect(await store.claim(key)).toBe('done');
      await sleep(2_000);
      expect(await store.claim(key)).toBe('new');
    });
  });
}
