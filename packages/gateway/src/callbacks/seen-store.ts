import { GatewayValidationError } from '../errors.js';

/**
 * What a store knows of a callback key: never seen (or its lease ended), so it is now claimed
 * under a `token` of this claim's own; being handled under another claim; or handled.
 *
 * @example
 * ```ts
 * import type { CallbackClaim } from '@paysign/gateway';
 *
 * const claim: CallbackClaim = await store.claim(key);
 * if (claim.state === 'new') {
 *   await handle(callback);
 *   await store.complete(key, claim.token); // this claim's token: a late call touches only its own lease
 * } // 'pending' or 'done': another delivery has it
 * ```
 */
export type CallbackClaim = { readonly state: 'new'; readonly token: string } | { readonly state: 'pending' } | { readonly state: 'done' };

/**
 * Remembers which callbacks were handled, keyed by what the checksum covers: the JSON of
 * `[status, orderid, merchantOrder]` as verified (status lower-cased). Unsigned fields (`type`,
 * `client_orderid`, `amount`) are not in the key, so an edited copy of a handled callback is a
 * duplicate. `claim` must be atomic: of two concurrent claims of one key, one gets `new`. A claim
 * is a lease with a token of its own, not a forever-pending: one neither completed, released nor
 * renewed within the store's lease (60 s by default) is claimable again, by exactly one claimer, so a
 * handler that died is handled again on the gateway's next retry. `complete` and `release` take
 * the claim's token and touch only that claim's lease: the late `release` of a claim whose lease
 * ended never drops the lease of the claim that replaced it. Shared stores for every instance
 * (Redis, PostgreSQL) are in `@paysign/stores`.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, type CallbackSeenStore } from '@paysign/gateway';
 * import { createRedisCallbackStore, fromNodeRedis } from '@paysign/stores/redis';
 *
 * // Shared by every instance: one script claims a key atomically, for a lease of 60 s.
 * const seen: CallbackSeenStore = createRedisCallbackStore({ client: fromNodeRedis(redis) });
 * const handler = createCallbackHandler({ controlKey, findOrder, onCallback, seen });
 * ```
 */
export interface CallbackSeenStore {
  /** Claims the key (a lease, under a new token) if it was never seen or its lease ended, and says what it was before. */
  claim(key: string): CallbackClaim | Promise<CallbackClaim>;
  /**
   * The callback of this claim was handled: later deliveries are duplicates. Marks the key `done`
   * while it holds this claim's lease or no lease at all; another claim's live lease is left as it is.
   */
  complete(key: string, token: string): void | Promise<void>;
  /** Handling failed: forget the key, so the gateway's retry is handled again; only while it holds this claim's lease. */
  release(key: string, token: string): void | Promise<void>;
  /**
   * Optional, with {@link CallbackSeenStore.leaseMs}: extends this claim's live lease to a whole
   * `leaseMs` from now, only while the key holds it; resolves whether it did. `createCallbackHandler`
   * calls it every third of `leaseMs` while `findOrder` and `onCallback` run, so a slow handler keeps
   * its lease and no copy runs beside it; a handler that died renews nothing, and its lease ends.
   */
  renew?(key: string, token: string): boolean | Promise<boolean>;
  /** Optional: how long a claim holds without `complete`, `release` or `renew`, in ms. */
  readonly leaseMs?: number;
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

// A bound of the memory store: a whole number above zero. `maxEntries: 0` would answer every claim
// `pending` for ever, and a `leaseMs` of 0 or NaN would hold no lease at all (copies run at once).
function positiveWhole(option: string, value: number | undefined, fallback: number): number {
  const chosen = value ?? fallback;
  if (!Number.isSafeInteger(chosen) || chosen <= 0)
    throw new GatewayValidationError([{ field: option, rule: 'invalid-option', message: `${option}: must be a whole number above 0` }], 'INVALID_OPTIONS');
  return chosen;
}

/**
 * An in-memory {@link CallbackSeenStore} for one process, with the same lease as the shared
 * stores: a claim holds for `leaseMs` (default 60 s), then the key is claimable again; `complete`
 * holds for `doneTtlMs` (default 15 days). It remembers at most `maxEntries` handled callbacks
 * (default 100,000; the oldest are forgotten first) and never forgets a key being handled: when
 * `maxEntries` claims are live at once, a further claim answers `pending` (the gateway retries).
 * A bound that is not a whole number above 0 throws `GatewayValidationError` `INVALID_OPTIONS` naming it.
 * Each claim has its own token: a late `release` or `complete` touches only its own lease, and
 * `renew` extends only its own live lease (the handler renews it while your code runs).
 *
 * @example
 * ```ts
 * const handler = createCallbackHandler({ controlKey, findOrder, onCallback, seen: createMemoryCallbackStore({ maxEntries: 10_000 }) });
 * ```
 */
export function createMemoryCallbackStore(options: MemoryCallbackStoreOptions = {}): CallbackSeenStore {
  const maxEntries = positiveWhole('maxEntries', options.maxEntries, 100_000);
  const leaseMs = positiveWhole('leaseMs', options.leaseMs, 60_000);
  const doneTtlMs = positiveWhole('doneTtlMs', options.doneTtlMs, 15 * 24 * 60 * 60 * 1000);
  if (options.now !== undefined && typeof options.now !== 'function')
    throw new GatewayValidationError(
      [{ field: 'now', rule: 'invalid-option', message: 'now: must be a function returning ms since the epoch' }],
      'INVALID_OPTIONS',
    );
  const now = options.now ?? Date.now;
  // Key -> the instant its state ends (and the claim's token). Each map is in insertion order, which
  // is expiry order (one duration per map, a clock that does not go back), so expired entries are
  // dropped from the front.
  const pending = new Map<string, { until: number; token: string }>();
  const done = new Map<string, number>();
  const dropExpired = (time: number): void => {
    for (const [key, lease] of pending) {
      if (lease.until > time) break;
      pending.delete(key);
    }
    for (const [key, until] of done) {
      if (until > time) break;
      done.delete(key);
    }
  };
  return {
    claim(key) {
      const time = now();
      dropExpired(time);
      if (done.has(key)) return { state: 'done' };
      if (pending.has(key)) return { state: 'pending' };
      // Never forget a claim to make room: refuse for now instead.
      if (pending.size >= maxEntries) return { state: 'pending' };
      const token = crypto.randomUUID();
      pending.set(key, { until: time + leaseMs, token });
      return { state: 'new', token };
    },
    complete(key, token) {
      dropExpired(now());
      const lease = pending.get(key);
      // Another claim's live lease: that claim completes or releases it.
      if (lease !== undefined && lease.token !== token) return;
      pending.delete(key);
      done.delete(key); // re-inserted at the end, in expiry order
      done.set(key, now() + doneTtlMs);
      while (done.size > maxEntries) {
        const oldest = done.keys().next().value as string;
        done.delete(oldest);
      }
    },
    release(key, token) {
      if (pending.get(key)?.token === token) pending.delete(key);
    },
    renew(key, token) {
      const time = now();
      dropExpired(time);
      const lease = pending.get(key);
      if (lease === undefined || lease.token !== token || lease.until <= time) return false;
      pending.delete(key); // re-inserted at the end: the latest expiry
      pending.set(key, { until: time + leaseMs, token });
      return true;
    },
    leaseMs,
  };
}
