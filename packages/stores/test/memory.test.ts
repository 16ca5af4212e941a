import { describe, expect, it } from 'vitest';
import { type CallbackClaim, createMemoryCallbackStore } from '@paysign/gateway';
import { createMemoryNonceStore } from '@paysign/oauth-core';
import { callbackStoreContract, nonceStoreContract } from './_contract.js';

// The in-memory stores hold the same contract as the shared ones (one process only: two instances
// share nothing, so the concurrent cases run over one instance).
nonceStoreContract('memory', () => {
  const store = createMemoryNonceStore();
  return { store: () => store };
});
callbackStoreContract('memory', () => ({ store: (options) => createMemoryCallbackStore(options), shared: false }));

const token = (claim: CallbackClaim | Promise<CallbackClaim>): string => {
  const resolved = claim as CallbackClaim;
  if (resolved.state !== 'new') throw new Error(`expected a new claim, got ${resolved.state}`);
  return resolved.token;
};
const state = (claim: CallbackClaim | Promise<CallbackClaim>): string => (claim as CallbackClaim).state;

describe('createMemoryCallbackStore never forgets a key being handled', () => {
  it('with maxEntries 3, a fourth live claim answers pending; the claimed keys stay pending (no second handling)', async () => {
    let now = 1_000_000;
    const store = createMemoryCallbackStore({ maxEntries: 3, now: () => now });
    const tokens = new Map(['a', 'b', 'c'].map((key) => [key, token(store.claim(key))]));
    expect(state(store.claim('d'))).toBe('pending');
    for (const key of ['a', 'b', 'c']) expect(state(store.claim(key))).toBe('pending');
    // Handled callbacks are forgotten oldest first, never a pending one.
    store.complete('a', tokens.get('a')!);
    tokens.set('d', token(store.claim('d')));
    for (const key of ['b', 'c', 'd']) store.complete(key, tokens.get(key)!);
    expect(['a', 'b', 'c', 'd'].map((key) => state(store.claim(key)))).toEqual(['new', 'done', 'done', 'done']);
    now += 60_001;
    expect(state(store.claim('a'))).toBe('new');
  });

  it('the attack of issue 27: with maxEntries 3 and a copy arriving while the first is handled, onCallback runs once', async () => {
    const store = createMemoryCallbackStore({ maxEntries: 3 });
    expect(state(await store.claim('callback'))).toBe('new');
    for (const key of ['x', 'y', 'z', 'w']) {
      const claim = await store.claim(key);
      if (claim.state === 'new') await store.complete(key, claim.token);
    }
    expect(state(await store.claim('callback'))).toBe('pending');
  });
});

describe('createMemoryCallbackStore: each claim its own token (issue 35, medium)', () => {
  it('a late release of a claim whose lease ended leaves the lease of the claim that replaced it', () => {
    let now = 0;
    const store = createMemoryCallbackStore({ leaseMs: 1_000, now: () => now });
    const first = token(store.claim('k'));
    now = 1_150;
    const second = token(store.claim('k'));
    now = 1_500;
    store.release('k', first);
    now = 1_750;
    expect(state(store.claim('k'))).toBe('pending');
    store.complete('k', second);
    expect(state(store.claim('k'))).toBe('done');
  });
});
