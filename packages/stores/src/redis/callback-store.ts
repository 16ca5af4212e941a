import type { CallbackClaim, CallbackSeenStore } from '@paysign/gateway';
import { claimToken, DEFAULT_TIMEOUT_MS, engineCall, positiveMs } from '../_engine-call.js';
import { DEFAULT_DONE_TTL_MS, DEFAULT_LEASE_MS } from '../lease.js';
import { assertRedisCommands, type RedisCommands } from './client.js';

/**
 * Options of {@link createRedisCallbackStore}.
 *
 * @example
 * ```ts
 * import { createRedisCallbackStore, fromIoredis, type RedisCallbackStoreOptions } from '@paysign/stores/redis';
 *
 * const options: RedisCallbackStoreOptions = { client: fromIoredis(redis), leaseMs: 120_000 }; // onCallback may take a minute
 * const seen = createRedisCallbackStore(options);
 * ```
 */
export interface RedisCallbackStoreOptions {
  /** The server's commands: `fromNodeRedis(client)`, `fromIoredis(client)` or `fromUpstash(client)`. */
  client: RedisCommands;
  /** The start of every key the store writes. Default `'paysign:callback:'`. */
  prefix?: string;
  /** How long a claim holds without `complete` or `release`, in ms. Default 60,000. */
  leaseMs?: number;
  /** How long a handled callback stays `done`, in ms. Default 15 days (the gateway retries for 14). */
  doneTtlMs?: number;
  /** Longest wait for the server, in ms, before `STORE_UNAVAILABLE`. Default 5,000. */
  timeoutMs?: number;
}

const DONE = 'done';

/**
 * A {@link CallbackSeenStore} in Redis whose claim is a lease: `claim` sets the key to
 * `pending:<token>` with `SET NX PX leaseMs`, so of concurrent claims exactly one is `new`; a claim
 * neither completed nor released within `leaseMs` expires in Redis, and the gateway's next retry
 * is claimed again by exactly one instance (a handler that died never leaves a callback pending
 * for ever). `complete` sets `done` for `doneTtlMs`; `release` deletes the key only while it still
 * holds this claim's token, so a late release never drops another instance's lease. A server that
 * cannot be reached rejects with `StoreError` `STORE_UNAVAILABLE` (the handler then answers 500 and
 * the gateway retries).
 *
 * @throws {StoreError} `INVALID_OPTIONS` for a client that is not wrapped, or a bad duration.
 * @example
 * ```ts
 * // import { createClient } from 'redis';
 * import { createCallbackHandler } from '@paysign/gateway';
 * import { createRedisCallbackStore, fromNodeRedis } from '@paysign/stores/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const seen = createRedisCallbackStore({ client: fromNodeRedis(redis) });
 * const handler = createCallbackHandler({ controlKey, findOrder, onCallback, seen });
 * ```
 */
export function createRedisCallbackStore(options: RedisCallbackStoreOptions): CallbackSeenStore {
  const { client } = options;
  assertRedisCommands(client);
  const prefix = options.prefix ?? 'paysign:callback:';
  const leaseMs = positiveMs('leaseMs', options.leaseMs, DEFAULT_LEASE_MS);
  const doneTtlMs = positiveMs('doneTtlMs', options.doneTtlMs, DEFAULT_DONE_TTL_MS);
  const timeoutMs = positiveMs('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS);
  // The token of each claim this instance holds, for release's compare-and-delete.
  const held = new Map<string, string>();
  return {
    async claim(key): Promise<CallbackClaim> {
      const id = prefix + key;
      const token = `pending:${claimToken()}`;
      return engineCall('Redis', timeoutMs, async () => {
        if (await client.setIfAbsent(id, token, leaseMs)) {
          held.set(key, token);
          return 'new';
        }
        // A lease that ended between the two commands reads as null: 'pending', and the retry claims it.
        return (await client.get(id)) === DONE ? 'done' : 'pending';
      });
    },
    async complete(key) {
      await engineCall('Redis', timeoutMs, () => client.set(prefix + key, DONE, doneTtlMs));
      held.delete(key);
    },
    async release(key) {
      const token = held.get(key);
      held.delete(key);
      if (token !== undefined) await engineCall('Redis', timeoutMs, () => client.deleteIfEquals(prefix + key, token));
    },
  };
}
