// The default in-memory nonce store: replays refused until expiry, bounded, self-cleaning, and
// equal to a plain reference model on random operation sequences.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryNonceStore, nonceExpiry } from '../src/verifier/nonce-store.js';

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
    for (let i = 0; i < 100_000; i++) expect(store.remember(`k${i}`, 10)).toBe(true);
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

  it('defaults the per-scope bound to a tenth of maxEntries', () => {
    const store = createMemoryNonceStore({ maxEntries: 100, now: () => 0 });
    for (let i = 0; i < 10; i++) expect(store.remember(`a${i}`, 10, 'a')).toBe(true);
    expect(store.remember('a10', 10, 'a')).toBe('full');
    expect(store.remember('b0', 10, 'b')).toBe(true);
  });

  it('bounds each scope on its own: a full scope refuses, another scope still stores', () => {
    const c = clock();
    const store = createMemoryNonceStore({ maxEntries: 5, maxEntriesPerScope: 2, now: c.now });
    expect(store.remember('a1', 1100, 'a')).toBe(true);
    expect(store.remember('a2', 1100, 'a')).toBe(true);
    expect(store.remember('a3', 1100, 'a')).toBe('full');
    expect(store.remember('a1', 1100, 'a')).toBe(false); // the refusal forgot nothing
    expect(store.remember('b1', 1100, 'b')).toBe(true);
    expect(store.remember('b2', 1100, 'b')).toBe(true);
    expect(store.remember('c1', 1100, 'c')).toBe(true);
    expect(store.remember('d1', 1100, 'd')).toBe('full'); // the store as a whole is full
    c.advance(100);
    expect(store.remember('a3', 1200, 'a')).toBe(true); // expiry gave the scope its room back
  });

  it('keeps a key with a fractional expiry seen until exactly that instant', () => {
    const c = clock(1000);
    const store = createMemoryNonceStore({ now: c.now });
    expect(store.remember('k', 1000.75)).toBe(true);
    c.advance(0.5); // 1000.5
    expect(store.remember('k', 1001.75)).toBe(false);
    c.advance(0.25); // 1000.75: expired
    expect(store.remember('k', 1002.75)).toBe(true);
    c.advance(1.9); // 1002.65: the renewed entry still lives
    expect(store.remember('k', 1003)).toBe(false);
  });

  it('drops expired entries as time passes, including after a long jump of the clock', () => {
    const c = clock(0);
    const store = createMemoryNonceStore({ maxEntries: 2, now: c.now });
    expect(store.remember('a', 10)).toBe(true);
    expect(store.remember('b', 3_000_000_000)).toBe(true);
    c.advance(1_000_000_000);
    expect(store.remember('c', 2_000_000_000)).toBe(true); // 'a' was swept
    expect(store.remember('b', 3_000_000_001)).toBe(false);
  });

  it('refuses a non-finite expiry with a typed error', () => {
    const store = createMemoryNonceStore({ now: () => 0 });
    expect(() => store.remember('k', Number.NaN)).toThrow(expect.objectContaining({ code: 'INVALID_PARAMETER' }));
  });

  it('nonceExpiry covers every instant the timestamp passes a |now - ts| <= window check, and the second after', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 36 }),
        fc.integer({ min: 0, max: 3600 }),
        fc.double({ min: -1, max: 0.999, noNaN: true }),
        (ts, window, offset) => {
          const expiry = nonceExpiry(ts, window);
          const at = ts + window + offset;
          // Anywhere the timestamp passes (offset <= 0) and within the following second, the key is seen.
          expect(at < expiry).toBe(true);
          expect(expiry).toBe(ts + window + 1);
        },
      ),
    );
  });
});
