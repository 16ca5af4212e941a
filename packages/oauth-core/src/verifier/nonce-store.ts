import type { MaybePromise } from '../adapters/types.js';
import { OAuthError } from '../errors.js';

/**
 * Remembers nonces until they expire, so that a request cannot be replayed while its timestamp
 * can still pass. Back it with a Durable Object, Deno KV, Redis or a database to share it between
 * instances (`@paysign/stores` has Redis and PostgreSQL ones): a signed request is accepted once
 * per store. A nonce already past its `expiresAt` is never new.
 *
 * @example
 * ```ts
 * import { createVerifier, type NonceStore } from '@paysign/oauth-core';
 *
 * // Shared by every instance: Redis SET NX with an expiry accepts each key once (or use
 * // @paysign/stores/redis's createRedisNonceStore, which also reports an unreachable server).
 * const nonceStore: NonceStore = {
 *   remember: async (key, expiresAt, scope) =>
 *     expiresAt * 1000 > Date.now() && (await redis.set(`nonce:${scope}:${key}`, '1', { NX: true, PXAT: Math.ceil(expiresAt * 1000) })) === 'OK',
 * };
 * const verifier = createVerifier({ lookup, nonceStore });
 * ```
 */
export interface NonceStore {
  /**
   * Records `key` as seen until `expiresAt` (Unix seconds, exclusive: the key counts as seen while
   * `now < expiresAt`). Returns `true` when the key was new, `false` when it was seen before and has
   * not expired (a replay), or `'full'` when it cannot be stored. `scope` names who the key belongs
   * to (the consumer key), so that a store can bound each scope on its own.
   */
  remember(key: string, expiresAt: number, scope?: string): MaybePromise<boolean | 'full'>;
}

/**
 * The instant until which a nonce must be remembered: every moment at which its timestamp still
 * passes a `|now - timestamp| <= windowSeconds` check, boundaries included, and the whole second
 * after it, so that a fractional clock anywhere in `[timestamp + window, timestamp + window + 1)`
 * still finds the nonce. Pass it as `expiresAt` to {@link NonceStore.remember}.
 *
 * @example
 * ```ts
 * nonceExpiry(1_700_000_000, 300); // 1_700_000_301: seen while now < 1_700_000_301
 * ```
 */
export function nonceExpiry(timestampSeconds: number, windowSeconds: number): number {
  return Math.floor(timestampSeconds) + Math.ceil(windowSeconds) + 1;
}

/**
 * Options of {@link createMemoryNonceStore}.
 *
 * @example
 * ```ts
 * import { createMemoryNonceStore, type MemoryNonceStoreOptions } from '@paysign/oauth-core';
 *
 * const options: MemoryNonceStoreOptions = { maxEntries: 200_000, maxEntriesPerScope: 5_000 };
 * const verifier = createVerifier({ lookup, nonceStore: createMemoryNonceStore(options) });
 * ```
 */
export interface MemoryNonceStoreOptions {
  /** Most live entries in all. Default 100,000. */
  maxEntries?: number;
  /** Most live entries of one scope (one consumer), so that one cannot lock out the others. Default a tenth of `maxEntries`. Keys remembered without a scope are bounded by `maxEntries` only. */
  maxEntriesPerScope?: number;
  /** The current time in Unix seconds; injectable for tests. */
  now?: () => number;
}

interface Entry {
  expiresAt: number;
  scope: string | undefined;
}

/**
 * An in-memory {@link NonceStore}: bounded in all (`maxEntries`) and per scope
 * (`maxEntriesPerScope`), and self-cleaning. Every operation is O(1) amortised: entries are filed
 * in buckets by the second they expire, and each bucket is dropped once, when its second has
 * passed. When a scope (or the store) is full of live entries it refuses new ones rather than
 * forget a live nonce, so a flood cannot open a replay window; a full scope does not stop others.
 *
 * @example
 * ```ts
 * const verifier = createVerifier({ lookup, nonceStore: createMemoryNonceStore({ maxEntries: 10_000 }) });
 * ```
 */
export function createMemoryNonceStore(options: MemoryNonceStoreOptions = {}): NonceStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const maxPerScope = Math.min(options.maxEntriesPerScope ?? Math.ceil(maxEntries / 10), maxEntries);
  const now = options.now ?? (() => Date.now() / 1000);
  const entries = new Map<string, Entry>();
  const perScope = new Map<string | undefined, number>();
  // Expiry second -> keys expiring in it. Map iteration is insertion order, not numeric order, so
  // a sweep walks the seconds from the last one swept; past a long gap it walks the buckets instead.
  const buckets = new Map<number, string[]>();
  let swept = Number.NEGATIVE_INFINITY;

  function drop(second: number): void {
    const keys = buckets.get(second);
    if (!keys) return;
    buckets.delete(second);
    for (const key of keys) {
      const entry = entries.get(key);
      // A key may have been filed again under a later second after it expired.
      if (entry === undefined || Math.ceil(entry.expiresAt) !== second) continue;
      entries.delete(key);
      const count = (perScope.get(entry.scope) ?? 1) - 1;
      if (count === 0) perScope.delete(entry.scope);
      else perScope.set(entry.scope, count);
    }
  }

  function sweep(time: number): void {
    // Bucket `s` holds entries with expiresAt in (s - 1, s]: all expired once time >= s.
    const last = Math.floor(time);
    if (last <= swept) return;
    if (last - swept > buckets.size) {
      for (const second of [...buckets.keys()]) if (second <= last) drop(second);
    } else {
      for (let second = swept + 1; second <= last; second++) drop(second);
    }
    swept = last;
  }

  return {
    remember(key, expiresAt, scope) {
      if (!Number.isFinite(expiresAt)) throw new OAuthError('INVALID_PARAMETER', 'a nonce expiry must be a finite number of seconds');
      const time = now();
      // Already past its expiry: its timestamp cannot pass any more, so it is stale, never new.
      if (expiresAt <= time) return false;
      sweep(time);
      const seen = entries.get(key);
      if (seen !== undefined && seen.expiresAt > time) return false;
      if (seen === undefined) {
        const count = perScope.get(scope) ?? 0;
        if ((scope !== undefined && count >= maxPerScope) || entries.size >= maxEntries) return 'full';
        perScope.set(scope, count + 1);
      } else if (seen.scope !== scope) {
        // An expired entry still counted: move its count to the new scope.
        const old = (perScope.get(seen.scope) ?? 1) - 1;
        if (old === 0) perScope.delete(seen.scope);
        else perScope.set(seen.scope, old);
        perScope.set(scope, (perScope.get(scope) ?? 0) + 1);
      }
      entries.set(key, { expiresAt, scope });
      const second = Math.ceil(expiresAt);
      const bucket = buckets.get(second);
      if (bucket) bucket.push(key);
      else buckets.set(second, [key]);
      return true;
    },
  };
}
