// One contract, run over every store (memory, Redis through node-redis and ioredis, PostgreSQL;
// the Durable Object and Deno KV stores through their runtimes, see edge-runtimes.test.ts): the
// sentences of oauth-core's NonceStore and gateway's CallbackSeenStore, on real time and real engines.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CallbackClaim, CallbackSeenStore } from '@paysign/gateway';
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

/** The claim's state, keeping its token out of the comparison. */
const state = (claim: CallbackClaim): string => claim.state;

/** Claims `key` and returns its token, failing when the claim is not new. */
async function claimNew(store: CallbackSeenStore, key: string): Promise<string> {
  const claim = await store.claim(key);
  if (claim.state !== 'new') throw new Error(`expected a new claim of ${key}, got ${claim.state}`);
  return claim.token;
}

export function callbackStoreContract(name: string, subject: () => CallbackSubject): void {
  describe(`${name}: CallbackSeenStore contract`, () => {
    const long = { leaseMs: 60_000, doneTtlMs: 60_000 };

    it('claim: new (with a token), then pending while handled; complete: done; release: new again', async () => {
      const store = subject().store(long);
      const [handled, failed] = [unique(), unique()];
      const token = await claimNew(store, handled);
      expect(token).toMatch(/^\S{16,}$/);
      expect(state(await store.claim(handled))).toBe('pending');
      await store.complete(handled, token);
      expect(state(await store.claim(handled))).toBe('done');
      const other = await claimNew(store, failed);
      expect(other).not.toBe(token);
      await store.release(failed, other);
      expect(state(await store.claim(failed))).toBe('new');
    });

    it("a release or complete with another claim's token touches nothing", async () => {
      const store = subject().store(long);
      const key = unique();
      const token = await claimNew(store, key);
      await store.release(key, `${token}-not-mine`);
      await store.complete(key, `${token}-not-mine`);
      expect(state(await store.claim(key))).toBe('pending');
      await store.release(key, token);
      expect(state(await store.claim(key))).toBe('new');
    });

    it('of 20 concurrent claims of one callback exactly one is new', async () => {
      const s = subject();
      const one = s.store(long);
      const stores = s.shared ? [one, s.store(long)] : [one, one];
      const key = unique();
      const results = (await Promise.all(Array.from({ length: 20 }, (_, i) => stores[i % 2]!.claim(key)))).map(state);
      expect(results.filter((r) => r === 'new')).toHaveLength(1);
      expect(results.filter((r) => r === 'pending')).toHaveLength(19);
    });

    it('a claim is a lease: pending until it ends, then claimable again within half a second, by exactly one of many claimers; the late release and complete of the first touch only their own lease', async () => {
      const s = subject();
      const lease = { leaseMs: 2_000, doneTtlMs: 60_000 };
      const first = s.store(lease);
      const key = unique();
      const claimedAt = Date.now();
      const dead = await claimNew(first, key);
      await sleep(Math.max(0, claimedAt + 1_000 - Date.now()));
      expect(state(await first.claim(key))).toBe('pending');
      await sleep(Math.max(0, claimedAt + 2_000 + 500 - Date.now()));
      const others = Array.from({ length: 8 }, () => (s.shared ? s.store(lease) : first));
      const claims = await Promise.all(others.map((store) => store.claim(key)));
      expect(claims.map(state).filter((r) => r === 'new')).toHaveLength(1);
      expect(claims.map(state).filter((r) => r === 'pending')).toHaveLength(7);
      // The first claimant's late release, on the same instance, does not drop the new claimant's lease.
      await first.release(key, dead);
      expect(state(await (s.shared ? s.store(lease) : first).claim(key))).toBe('pending');
      await first.complete(key, dead);
      expect(state(await first.claim(key))).toBe('pending');
      const live = claims.find((claim) => claim.state === 'new') as { token: string };
      await first.complete(key, live.token);
      expect(state(await first.claim(key))).toBe('done');
    });

    it('a complete after its lease ended, with no claim since, marks the callback done (it was handled)', async () => {
      const store = subject().store({ leaseMs: 500, doneTtlMs: 60_000 });
      const key = unique();
      const token = await claimNew(store, key);
      await sleep(800);
      await store.complete(key, token);
      expect(state(await store.claim(key))).toBe('done');
    });

    it('done holds for doneTtlMs, then the key is forgotten', async () => {
      const store = subject().store({ leaseMs: 60_000, doneTtlMs: 1_500 });
      const key = unique();
      await store.complete(key, await claimNew(store, key));
      expect(state(await store.claim(key))).toBe('done');
      await sleep(2_000);
      expect(state(await store.claim(key))).toBe('new');
    });

    it('keys of any length and character (but NUL) are their own: 10 KB keys differing in the last character, a key starting with #', async () => {
      const store = subject().store(long);
      const base = `${unique()}${'m'.repeat(10_240)}`;
      const [a, b] = [`${base}a`, `${base}b`];
      const token = await claimNew(store, a);
      expect(state(await store.claim(a))).toBe('pending');
      await claimNew(store, b);
      await store.complete(a, token);
      expect(state(await store.claim(a))).toBe('done');
      expect(state(await store.claim(b))).toBe('pending');
      const hashLike = `#sha256:${unique()}`;
      await claimNew(store, hashLike);
      await claimNew(store, `${unique()}€\u2028"\\`);
    });
  });
}
