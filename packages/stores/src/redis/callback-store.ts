import type { CallbackClaim, CallbackSeenStore } from '@paysign/gateway';
import { claimToken, DEFAULT_TIMEOUT_MS, engineCall, positiveMs } from '../_engine-call.js';
import { storedCallbackKey } from '../_key.js';
import { StoreError } from '../errors.js';
import { DEFAULT_DONE_TTL_MS, DEFAULT_LEASE_MS } from '../lease.js';
import { assertRedisCommands, type RedisCommands } from './client.js';
import { epochKey } from './epoch.js';
import { CLAIM, COMPLETE, QUARANTINED, RELEASE, RENEW } from './scripts.js';

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
  /**
   * How long `claim` refuses with `STORE_UNAVAILABLE` after the store finds that the server lost
   * its data (restarted without persistence, flushed): until every lease it held has ended. In ms;
   * default `leaseMs`.
   */
  quarantineMs?: number;
}

/**
 * A {@link CallbackSeenStore} in Redis whose claim is a lease with a token of its own: `claim`
 * sets the key to `pending:<token>` with `SET NX PX leaseMs` in one script, so of concurrent
 * claims exactly one is `new`; a claim neither completed nor released within `leaseMs` expires in
 * Redis, and the gateway's next retry is claimed again by exactly one instance (a handler that died
 * never leaves a callback pending for ever). `complete(key, token)` sets `done` for `doneTtlMs`
 * while the key holds this claim's lease or none; `release(key, token)` deletes the key only while
 * it holds this claim's lease: a late call never touches the lease of a claim that replaced it.
 * `renew(key, token)` (the handler calls it while your code runs) extends only this claim's live lease.
 * A server that lost the store's data (see `quarantineMs`), or cannot be reached, rejects with
 * `StoreError` `STORE_UNAVAILABLE` (the handler then answers 500 and the gateway retries).
 *
 * @throws {StoreError} `INVALID_OPTIONS` for a client that is not wrapped, or a bad duration;
 *   `claim`, `complete` and `release` reject with `INVALID_KEY` for a key with a NUL.
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
  const quarantineMs = String(positiveMs('quarantineMs', options.quarantineMs, leaseMs));
  const epoch = epochKey(prefix);
  const run = async (script: string, key: string, args: string[]): Promise<number> => {
    const id = prefix + (await storedCallbackKey(key));
    return Number(await engineCall('Redis', timeoutMs, () => client.eval(script, [epoch, id], [quarantineMs, ...args])));
  };
  return {
    async claim(key): Promise<CallbackClaim> {
      const token = claimToken();
      const answer = await run(CLAIM, key, [token, String(leaseMs)]);
      if (answer === QUARANTINED) throw quarantined(quarantineMs);
      if (answer === 1) return { state: 'new', token };
      return answer === 2 ? { state: 'done' } : { state: 'pending' };
    },
    async complete(key, token) {
      await run(COMPLETE, key, [String(token), String(doneTtlMs)]);
    },
    async release(key, token) {
      await run(RELEASE, key, [String(token)]);
    },
    async renew(key, token) {
      return (await run(RENEW, key, [String(token), String(leaseMs)])) === 1;
    },
    leaseMs,
  };
}

function quarantined(quarantineMs: string): StoreError {
  return new StoreError(
    'STORE_UNAVAILABLE',
    `Redis lost the store's data (restarted without persistence, or flushed): claims are refused for ${quarantineMs} ms from when it was found, until every lease it held has ended`,
  );
}
