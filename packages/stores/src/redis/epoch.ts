import { DEFAULT_TIMEOUT_MS, engineCall, positiveMs } from '../_engine-call.js';
import { assertRedisCommands, type RedisCommands } from './client.js';
import { ADOPT } from './scripts.js';

/** The key under which a store of `prefix` keeps its epoch: no nonce or callback key can be it. */
export function epochKey(prefix: string): string {
  return `${prefix}#epoch`;
}

/**
 * Options of {@link adoptNewRedis}.
 *
 * @example
 * ```ts
 * import { adoptNewRedis, fromNodeRedis, type AdoptNewRedisOptions } from '@paysign/stores/redis';
 *
 * const options: AdoptNewRedisOptions = { client: fromNodeRedis(redis), prefixes: ['shop-eu:nonce:'] };
 * await adoptNewRedis(options);
 * ```
 */
export interface AdoptNewRedisOptions {
  /** The server's commands: `fromNodeRedis(client)`, `fromIoredis(client)` or `fromUpstash(client)`. */
  client: RedisCommands;
  /** The stores' prefixes. Default the two defaults, `['paysign:nonce:', 'paysign:callback:']`. */
  prefixes?: string[];
  /** Longest wait for the server, in ms. Default 5,000. */
  timeoutMs?: number;
}

/**
 * Tells the Redis stores of these prefixes that this server never held anything of theirs (a new
 * Redis, or one you emptied on purpose), so they answer at once instead of waiting out their
 * quarantine, as they would on finding their epoch key missing. It writes each epoch key only if
 * it does not exist: it cannot end a quarantine already under way, and does nothing on a server
 * in use. Call it when you set a server up, never after a restart that may have lost data: that is
 * the case the quarantine guards against. Resolves to the prefixes it adopted.
 *
 * @throws {StoreError} `STORE_UNAVAILABLE` when the server cannot be asked.
 * @example
 * ```ts
 * // import { createClient } from 'redis';
 * import { adoptNewRedis, fromNodeRedis } from '@paysign/stores/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * await adoptNewRedis({ client: fromNodeRedis(redis) }); // once, on a brand-new server
 * ```
 */
export async function adoptNewRedis(options: AdoptNewRedisOptions): Promise<string[]> {
  const { client } = options;
  assertRedisCommands(client);
  const timeoutMs = positiveMs('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const adopted: string[] = [];
  for (const prefix of options.prefixes ?? ['paysign:nonce:', 'paysign:callback:']) {
    const set = await engineCall('Redis', timeoutMs, () => client.eval(ADOPT, [epochKey(prefix)], []));
    if (Number(set) === 1) adopted.push(prefix);
  }
  return adopted;
}
