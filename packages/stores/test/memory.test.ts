import { describe, expect, it } from 'vitest';
import { createMemoryCallbackStore } from '@paysign/gateway';
import { createMemoryNonceStore } from '@paysign/oauth-core';
import { callbackStoreContract, nonceStoreContract } from './_contract.js';

// The in-memory stores hold the same contract as the shared ones (one process only: two instances
// share nothing, so the concurrent cases run over one instance).
nonceStoreContract('memory', () => {
  const store = createMemoryNonceStore();
  return { store: () => store };
});
callbackStoreContract('memory', () => ({ store: (options) => createMemoryCallbackStore(options), shared: false }));

describe('createMemoryCallbackStore never forgets a key being handled', () => {
  it('with maxEntries 3, a fourth live claim answers pending; the claimed keys stay pending (no second handling)', async () => {
    let now = 1_000_000;
    const store = createMemoryCallbackStore({ maxEntries: 3, now: () => now });
    for (const key of ['a', 'b', 'c']) expect(store.claim(key)).toBe('new');
    expect(store.claim('d')).toBe('pending');
    for (const key of ['a', 'b', 'c']) expect(store.claim(key)).toBe('pending');
    // Handled callbacks are forgotten oldest first, never a pending one.
    store.complete('a');
    expect(store.claim('d')).toBe('new');
    store.complete('b');
    store.complete('c');
    store.complete('d');
    expect(['a', 'b', 'c', 'd'].map((key) => store.claim(key))).toEqual(['new', 'done', 'done', 'done']);
    now += 60_001;
    expect(store.claim('a')).toBe('new');
  });

  it('the attack of issue 27: with maxEntries 3 and a copy arriving while the first is handled, onCallback runs once', async () => {
    const store = createMemoryCallbackStore({ maxEntries: 3 });
    expect(await store.claim('callback')).toBe('new');
    for (const key of ['x', 'y', 'z', 'w']) {
      if ((await store.claim(key)) === 'new') await store.complete(key);
    }
    expect(await store.claim('callback')).toBe('pending');
  });
});
