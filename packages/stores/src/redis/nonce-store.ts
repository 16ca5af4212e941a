import type { NonceStore } from '@paysign/oauth-core';
import { DEFAULT_TIMEOUT_MS, engineCall, positiveMs } from '../_engine-call.js';
import { StoreError } from '../errors.js';
import { assertRedisCommands, type RedisCommands } from './client.js';
import { epochKey } from './epoch.js';
import { QUARANTINED, REMEMBER } from './scripts.js';

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
  /**
   * How far an instance's clock may be from Redis's, in ms: each nonce is kept this much past its
   * `expiresAt` (on Redis's clock), so that an instance whose clock is behind, and still lets the
   * timestamp pass, finds it. Default 300,000 (5 min); 0 keeps it exactly to `expiresAt`.
   */
  clockSkewMs?: number;
  /**
   * How long `remember` refuses with `STORE_UNAVAILABLE` after the store finds that the server
   * lost its data (restarted without persistence, flushed): at least as long as any nonce is kept.
   * A nonce that would be kept longer is refused with `INVALID_OPTIONS` naming this option. In ms;
   * default 1,201,000 (20 min: a timestamp up to 300 s ahead of an instance up to 300 s ahead of
   * Redis, the verifier's default window of 300 s, the second after it, and the default `clockSkewMs`).
   */
  quarantineMs?: number;
}

/** Default {@link RedisNonceStoreOptions.clockSkewMs}. */
const DEFAULT_CLOCK_SKEW_MS = 300_000;
/** Default {@link RedisNonceStoreOptions.quarantineMs}: see there. */
const DEFAULT_NONCE_QUARANTINE_MS = (300 + 300 + 300 + 1) * 1000 + DEFAULT_CLOCK_SKEW_MS;

/**
 * A {@link NonceStore} in Redis, shared by every instance that uses the same server and prefix:
 * each nonce is its own key, set with `SET key 1 NX PX ttl` in one script, so of any number of
 * instances presenting one nonce at once exactly one gets `true`. The time to live is measured on
 * Redis's clock (`TIME`), never the instance's: the key lives until the nonce's `expiresAt` plus
 * `clockSkewMs` and Redis then forgets it on its own, so instances whose clocks are up to
 * `clockSkewMs` apart from Redis's open no replay. Nothing to sweep, no bound in number (Redis's
 * `maxmemory` is the bound; use a `noeviction` policy, or a nonce could be evicted while live). A
 * nonce already past that instant is never new: it resolves `false`. A server that lost the
 * store's data (see `quarantineMs`), or cannot be reached, rejects with `StoreError`
 * `STORE_UNAVAILABLE`.
 *
 * @throws {StoreError} `INVALID_OPTIONS` for a client that is not wrapped, or a bad duration.
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
  const clockSkewMs = options.clockSkewMs === 0 ? 0 : positiveMs('clockSkewMs', options.clockSkewMs, DEFAULT_CLOCK_SKEW_MS);
  const quarantineMs = positiveMs('quarantineMs', options.quarantineMs, DEFAULT_NONCE_QUARANTINE_MS);
  const epoch = epochKey(prefix);
  return {
    async remember(key, expiresAt, scope) {
      if (!Number.isFinite(expiresAt)) throw new StoreError('INVALID_OPTIONS', 'a nonce expiry must be a finite number of seconds');
      // The scope is its own key segment, length-prefixed, so no scope and key pair can spell another's.
      const id = `${prefix}${(scope ?? '').length}:${scope ?? ''}:${key}`;
      const keepUntilMs = String(expiresAt * 1000 + clockSkewMs);
      const answer = Number(await engineCall('Redis', timeoutMs, () => client.eval(REMEMBER, [epoch, id], [String(quarantineMs), keepUntilMs])));
      if (answer === QUARANTINED)
        throw new StoreError(
          'STORE_UNAVAILABLE',
          `Redis lost the store's data (restarted without persistence, or flushed): nonces are refused for ${quarantineMs} ms from when it was found, until every nonce it held has expired`,
        );
      if (answer === -2)
        throw new StoreError(
          'INVALID_OPTIONS',
          `a nonce would be kept longer than quarantineMs (${quarantineMs} ms) covers after a restart: raise quarantineMs`,
        );
      return answer === 1;
    },
  };
}
