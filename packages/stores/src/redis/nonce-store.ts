import type { NonceStore } from '@paysign/oauth-core';
import { DEFAULT_TIMEOUT_MS, engineCall, positiveMs } from '../_engine-call.js';
import { StoreError } from '../errors.js';
import { assertRedisCommands, type RedisCommands } from './client.js';

/**
 * Options of {@link createRedisNonceStore}.
 *
 * @example
 * ```ts
 * import { createRedisNonceStore, fromNodeRedis, type RedisNonceStoreOptions } from '@paysign/stores/redis';
 *
 * const options: RedisNonceStoreOptions = { client: fromNodeRedis(redis), prefix: 'shop-eu:nonce:' };
 * const nonceStore = createRedisNonceStore(options);
 * ```
 */
export interface RedisNonceStoreOptions {
  /** The server's commands: `fromNodeRedis(client)`, `fromIoredis(client)` or `fromUpstash(client)`. */
  client: RedisCommands;
  /** The start of every key the store writes. Default `'paysign:nonce:'`. */
  prefix?: string;
  /** Longest wait for the server, in ms, before `STORE_UNAVAILABLE`. Default 5,000. */
  timeoutMs?: number;
  /** The clock, in ms since the epoch; injectable for tests. Default `Date.now`. */
  now?: () => number;
}

/**
 * A {@link NonceStore} in Redis, shared by every instance that uses the same server and prefix:
 * each nonce is its own key, set with `SET key 1 NX PX ttl` (one atomic command), so of any number
 * of instances presenting one nonce at once exactly one gets `true`. The key lives until the
 * nonce's `expiresAt` and Redis then forgets it on its own: nothing to sweep, no bound in number
 * (Redis's `maxmemory` is the bound; use a `noeviction` policy, or a nonce could be evicted while
 * live). A nonce already past its expiry is never new: it resolves `false`. A server that cannot be
 * reached rejects with `StoreError` `STORE_UNAVAILABLE`.
 *
 * @throws {StoreError} `INVALID_OPTIONS` for a client that is not wrapped, or a bad `timeoutMs`.
 * @example
 * ```ts
 * // import { createClient } from 'redis';
 * import { createVerifier } from '@paysign/oauth-core';
 * import { createRedisNonceStore, fromNodeRedis } from '@paysign/stores/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const verifier = createVerifier({ lookup, nonceStore: createRedisNonceStore({ client: fromNodeRedis(redis) }) });
 * ```
 */
export function createRedisNonceStore(options: RedisNonceStoreOptions): NonceStore {
  const { client } = options;
  assertRedisCommands(client);
  const prefix = options.prefix ?? 'paysign:nonce:';
  const timeoutMs = positiveMs('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const now = options.now ?? Date.now;
  return {
    async remember(key, expiresAt, scope) {
      if (!Number.isFinite(expiresAt)) throw new StoreError('INVALID_OPTIONS', 'a nonce expiry must be a finite number of seconds');
      const ttlMs = Math.ceil(expiresAt * 1000 - now());
      // Past its expiry: its timestamp cannot pass any more, so it is refused, never "new".
      if (ttlMs <= 0) return false;
      // The scope is its own key segment, length-prefixed, so no scope and key pair can spell another's.
      const id = `${prefix}${(scope ?? '').length}:${scope ?? ''}:${key}`;
      return engineCall('Redis', timeoutMs, () => client.setIfAbsent(id, '1', ttlMs));
    },
  };
}
