// The default in-memory nonce store: replays refused until expiry, bounded, self-cleaning, and
// equal to a plain reference model on random operation sequences.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryNonceStore } from '../src/verifier/nonce-store.js';

function clock(start = 1000) {
  let time = start;
  return { now: () => time, advance: (seconds: number) => void (time += seconds) };
}

describe('createMemoryNonceStore', () => {
  it('refuses a replay until the entry expires, then accepts the key again', () => {
    const c = clock();
    const store = createMemoryNonceStore({ now: c.now });
    expect(store.remember('a', 1300)).toBe(true);
    expect(store.remember('a', 1300)).toBe(false);
    c.advance(299);
    expect(store.remember('a', 1600)).toBe(false);
    c.advance(1); // now 1300: expired (an entry lives while expiresAt > now)
    expect(store.remember('a', 1600)).toBe(true);
  });

  it('is bounded: full of live entries it refuses new ones rather than forget one', () => {
    const c = clock();
    const store = createMemoryNonceStore({ maxEntries: 3, now: c.now });
    for (const key of ['a', 'b', 'c']) expect(store.remember(key, 1100)).toBe(true);
    expect(store.remember('d', 1100)).toBe('full');
    expect(store.remember('a', 1100)).toBe(false); // a live nonce is still remembered
    c.advance(100);
    expect(store.remember('d', 1200)).toBe(true); // expired entries made room
  });

  it('finds expired entries hidden behind live ones when full (entries out of expiry order)', () => {
    const c = clock();
    const store = createMemoryNonceStore({ maxEntries: 2, now: c.now });
    expect(store.remember('late', 5000)).toBe(true);
    expect(store.remember('early', 1010)).toBe(true);
    c.advance(20);
    expect(store.remember('new', 5000)).toBe(true);
    expect(store.remember('late', 5000)).toBe(false);
  });

  it('defaults to 100,000 entries', () => {
    const store = createMemoryNonceStore({ now: () => 0 });
    for (let i = 0; i < 100_000; i++) store.remember(`k${i}`, 10);
    expect(store.remember('one more', 10)).toBe('full');
  });

  it('matches a reference model on random sequences of remember and time steps', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('remember' as const), key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), ttl: fc.integer({ min: 1, max: 50 }) }),
      fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 0, max: 30 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(op, { maxLength: 60 }), (maxEntries, ops) => {
        const c = clock();
        const store = createMemoryNonceStore({ maxEntries, now: c.now });
        // The model: a key is live while its expiry is after now; new keys are refused only when
        // maxEntries keys are live.
        const model = new Map<string, number>();
        for (const o of ops) {
          if (o.kind === 'advance') {
            c.advance(o.seconds);
            continue;
          }
          const time = c.now();
          const live = [...model].filter(([, e]) => e > time);
          const expected = model.has(o.key) && model.get(o.key)! > time ? false : live.length >= maxEntries ? 'full' : true;
          if (expected === true) model.set(o.key, time + o.ttl);
          expect(store.remember(o.key, time + o.ttl)).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});
