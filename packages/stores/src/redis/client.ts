import { StoreError } from '../errors.js';

/**
 * The one Redis command the stores send, whatever the client: `EVAL script numkeys key... arg...`.
 * Every store call is one Lua script, so each decision is one atomic step on the server, timed by
 * the server's clock (`TIME`). Wrap a client with {@link fromNodeRedis}, {@link fromIoredis} or
 * {@link fromUpstash}, or write it over another one; it must reject when the server cannot be
 * asked (never resolve a guess), and resolve the script's integer reply as a number.
 *
 * @example
 * ```ts
 * import { createRedisNonceStore, type RedisCommands } from '@paysign/stores/redis';
 *
 * const client: RedisCommands = fromIoredis(new Redis(process.env.REDIS_URL!));
 * const nonceStore = createRedisNonceStore({ client });
 * ```
 */
export interface RedisCommands {
  /** `EVAL script keys.length ...keys ...args`: the script's reply. */
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
}

/**
 * The parts of a node-redis (`redis`, v4 and later) client the wrapper calls.
 *
 * @example
 * ```ts
 * // import { createClient } from 'redis';
 * import type { NodeRedisLike } from '@paysign/stores/redis';
 *
 * const redis: NodeRedisLike = await createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true }).connect();
 * ```
 */
export interface NodeRedisLike {
  readonly isReady: boolean;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/**
 * The {@link RedisCommands} of a node-redis (`redis`) client. A command sent while the client is
 * not connected rejects at once (node-redis would otherwise queue it until it reconnects).
 *
 * @example
 * ```ts
 * // import { createClient } from 'redis';
 * import { createRedisNonceStore, fromNodeRedis } from '@paysign/stores/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const nonceStore = createRedisNonceStore({ client: fromNodeRedis(redis) });
 * ```
 */
export function fromNodeRedis(client: NodeRedisLike): RedisCommands {
  const ready = (): void => {
    if (!client.isReady) throw new StoreError('STORE_UNAVAILABLE', 'the node-redis client is not connected');
  };
  return {
    async eval(script, keys, args) {
      ready();
      return client.eval(script, { keys, arguments: args });
    },
  };
}

/**
 * The parts of an `ioredis` client the wrapper calls.
 *
 * @example
 * ```ts
 * // import { Redis } from 'ioredis';
 * import type { IoredisLike } from '@paysign/stores/redis';
 *
 * const redis: IoredisLike = new Redis(process.env.REDIS_URL!);
 * ```
 */
export interface IoredisLike {
  readonly status: string;
  eval(script: string, numberOfKeys: number, ...keysAndArguments: string[]): Promise<unknown>;
}

/**
 * The {@link RedisCommands} of an `ioredis` client. A command sent while the client is not
 * `ready` rejects at once (ioredis would otherwise queue it while it reconnects).
 *
 * @example
 * ```ts
 * // import { Redis } from 'ioredis';
 * import { createRedisCallbackStore, fromIoredis } from '@paysign/stores/redis';
 *
 * const seen = createRedisCallbackStore({ client: fromIoredis(new Redis(process.env.REDIS_URL!)) });
 * ```
 */
export function fromIoredis(client: IoredisLike): RedisCommands {
  const ready = (): void => {
    if (client.status !== 'ready') throw new StoreError('STORE_UNAVAILABLE', `the ioredis client is ${client.status}, not ready`);
  };
  return {
    async eval(script, keys, args) {
      ready();
      return client.eval(script, keys.length, ...keys, ...args);
    },
  };
}

/**
 * The parts of an `@upstash/redis` client (Redis over HTTPS, what Vercel KV became) the wrapper calls.
 *
 * @example
 * ```ts
 * // import { Redis } from '@upstash/redis';
 * import type { UpstashRedisLike } from '@paysign/stores/redis';
 *
 * const redis: UpstashRedisLike = Redis.fromEnv();
 * ```
 */
export interface UpstashRedisLike {
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
}

/**
 * The {@link RedisCommands} of an `@upstash/redis` client, for the edge (Vercel, Cloudflare, Deno).
 * Upstash answers over HTTPS: a request that fails or times out rejects, and the store then
 * rejects with `STORE_UNAVAILABLE`. The stores' scripts answer integers, which the client's JSON
 * decoding keeps as they are.
 *
 * @example
 * ```ts
 * // import { Redis } from '@upstash/redis';
 * import { createVercelHandler } from '@paysign/edge/vercel';
 * import { createRedisNonceStore, fromUpstash } from '@paysign/stores/redis';
 *
 * export const POST = createVercelHandler({ nonceStore: createRedisNonceStore({ client: fromUpstash(Redis.fromEnv()) }) });
 * ```
 */
export function fromUpstash(client: UpstashRedisLike): RedisCommands {
  return {
    eval: (script, keys, args) => client.eval(script, keys, args),
  };
}

/** Checks that `client` is a {@link RedisCommands}, pointing at the wrappers when it is a raw client. */
export function assertRedisCommands(client: unknown): asserts client is RedisCommands {
  const commands = client as (Partial<RedisCommands> & { isReady?: unknown; status?: unknown }) | null;
  // A raw node-redis or ioredis client has an eval of its own, with another signature.
  if (typeof commands?.eval !== 'function' || 'isReady' in commands || 'status' in commands) {
    throw new StoreError(
      'INVALID_OPTIONS',
      'client must be RedisCommands: wrap a redis client with fromNodeRedis(client), an ioredis one with fromIoredis(client), an @upstash/redis one with fromUpstash(client)',
    );
  }
}
