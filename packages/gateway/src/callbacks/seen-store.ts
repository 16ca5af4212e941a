/**
 * What a store knows of a callback key: never seen, being handled now, or handled.
 *
 * @example
 * ```ts
 * import type { CallbackClaim } from '@paysign/gateway';
 *
 * const claim: CallbackClaim = await store.claim(key);
 * if (claim === 'new') await handle(callback); // 'pending' or 'done': another delivery has it
 * ```
 */
export type CallbackClaim = 'new' | 'pending' | 'done';

/**
 * Remembers which callbacks were handled, keyed by what the checksum covers: the JSON of
 * `[status, orderid, merchantOrder]` as verified (status lower-cased). Unsigned fields (`type`,
 * `client_orderid`, `amount`) are not in the key, so an edited copy of a handled callback is a
 * duplicate. `claim` must be atomic: of two concurrent claims of one key, one gets `new`. A claim
 * is a lease, not a forever-pending: one neither completed nor released within the store's lease
 * (60 s by default) is claimable again, by exactly one claimer, so a handler that died is handled
 * again on the gateway's next retry. Shared stores for every instance (Redis, PostgreSQL) are in
 * `@paysign/stores`.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, type CallbackSeenStore } from '@paysign/gateway';
 * import { createRedisCallbackStore, fromNodeRedis } from '@paysign/stores/redis';
 *
 * // Shared by every instance: SET NX PX claims a key atomically, for a lease of 60 s.
 * const seen: CallbackSeenStore = createRedisCallbackStore({ client: fromNodeRedis(redis) });
 * const handler = createCallbackHandler({ controlKey, findOrder, onCallback, seen });
 * ```
 */
export interface CallbackSeenStore {
  /** Marks the key pending (a lease) if it was never seen or its lease ended, and says what it was before. */
  claim(key: string): CallbackClaim | Promise<CallbackClaim>;
  /** The key's callback was handled: later deliveries are duplicates. */
  complete(key: string): void | Promise<void>;
  /** Handling failed: forget the key, so the gateway's retry is handled again. */
  release(key: string): void | Promise<void>;
}

/**
 * Options of {@link createMemoryCallbackStore}.
 *
 * @example
 * ```ts
 * import { createMemoryCallbackStore, type MemoryCallbackStoreOptions } from '@paysign/gateway';
 *
 * const options: MemoryCallbackStoreOptions = { maxEntries: 10_000, leaseMs: 120_000 };
 * const seen = createMemoryCallbackStore(options);
 * ```
 */
export interface MemoryCallbackStoreOptions {
  /** Most handled callbacks remembered; the oldest are forgotten first. Default 100,000. Also the most claims held at once. */
  maxEntries?: number;
  /** How long a claim holds without `complete` or `release`, in ms. Default 60,000. */
  leaseMs?: number;
  /** How long a handled callback stays `done`, in ms. Default 15 days (the gateway retries for 14). */
  doneTtlMs?: number;
  /** The clock, in ms since the epoch; injectable for tests. Default `Date.now`. */
  now?: () => number;
}

/**
 * An in-memory {@link CallbackSeenStore} for one process, with the same lease as the shared
 * stores: a claim holds for `leaseMs` (default 60 s), then the key is claimable again; `complete`
 * holds for `doneTtlMs` (default 15 days). It remembers at most `maxEntries` handled callbacks
 * (default 100,000; the oldest are forgotten first) and never forgets a key being handled: when
 * `maxEntries` claims are live at once, a further claim answers `pending` (the gateway retries).
 *
 * @example
 * ```ts
 * const handler = createCallbackHandler({ controlKey, findOrder, onCallback, seen: createMemoryCallbackStore({ maxEntries: 10_000 }) });
 * ```
 */
export function createMemoryCallbackStore(options: MemoryCallbackStoreOptions = {}): CallbackSeenStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const doneTtlMs = options.doneTtlMs ?? 15 * 24 * 60 * 60 * 1000;
  const now = options.now ?? Date.now;
  // Key -> the instant its state ends. Each map is in insertion order, which is expiry order (one
  // duration per map, a clock that does not go back), so expired entries are dropped from the front.
  const pending = new Map<string, number>();
  const done = new Map<string, number>();
  const dropExpired = (map: Map<string, number>, time: number): void => {
    for (const [key, until] of map) {
      if (until > time) break;
      map.delete(key);
    }
  };
  return {
    claim(key) {
      const time = now();
      dropExpired(pending, time);
      dropExpired(done, time);
      if ((done.get(key) ?? 0) > time) return 'done';
      if ((pending.get(key) ?? 0) > time) return 'pending';
      // Never forget a claim to make room: refuse for now instead.
      if (pending.size >= maxEntries) return 'pending';
      done.delete(key);
      pending.delete(key); // re-inserted at the end, in expiry order
      pending.set(key, time + leaseMs);
      return 'new';
    },
    complete(key) {
      pending.delete(key);
      done.delete(key);
      done.set(key, now() + doneTtlMs);
      while (done.size > maxEntries) {
        const oldest = done.keys().next().value as string;
        done.delete(oldest);
      }
    },
    release(key) {
      pending.delete(key);
    },
  };
}
