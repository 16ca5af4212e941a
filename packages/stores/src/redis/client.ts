import { StoreError } from '../errors.js';

/**
 * The four Redis commands the stores need, whatever the client. Wrap a client with
 * {@link fromNodeRedis}, {@link fromIoredis} or {@link fromUpstash}, or write these four over
 * another one; each must reject when the server cannot be asked (never resolve a guess).
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
  /** `SET key value NX PX ttlMs`: `true` when the key was set (it did not exist). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** `SET key value PX ttlMs`. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** `GET key`: `null` when there is none. */
  get(key: string): Promise<string | null>;
  /** Deletes the key only while it holds `value` (one atomic script): `true` when it did. */
  deleteIfEquals(key: string, value: string): Promise<boolean>;
}

// Compare-and-delete in one step: a GET then a DEL could drop a lease another claimant just took.
const DELETE_IF_EQUALS = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

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
  set(key: string, value: string, options: { NX?: true; PX: number }): Promise<string | null>;
  get(key: string): Promise<string | null>;
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
    async setIfAbsent(key, value, ttlMs) {
      ready();
      return (await client.set(key, value, { NX: true, PX: ttlMs })) === 'OK';
    },
    async set(key, value, ttlMs) {
      ready();
      await client.set(key, value, { PX: ttlMs });
    },
    async get(key) {
      ready();
      return client.get(key);
    },
    async deleteIfEquals(key, value) {
      ready();
      return Number(await client.eval(DELETE_IF_EQUALS, { keys: [key], arguments: [value] })) === 1;
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
  set(key: string, value: string, px: 'PX', ttlMs: number, nx: 'NX'): Promise<string | null>;
  set(key: string, value: string, px: 'PX', ttlMs: number): Promise<string | null>;
  get(key: string): Promise<string | null>;
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
    async setIfAbsent(key, value, ttlMs) {
      ready();
      return (await client.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async set(key, value, ttlMs) {
      ready();
      await client.set(key, value, 'PX', ttlMs);
    },
    async get(key) {
      ready();
      return client.get(key);
    },
    async deleteIfEquals(key, value) {
      ready();
      return Number(await client.eval(DELETE_IF_EQUALS, 1, key, value)) === 1;
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
  set(key: string, value: string, options: { nx?: true; px: number }): Promise<unknown>;
  get<T = string>(key: string): Promise<T | null>;
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
}

/**
 * The {@link RedisCommands} of an `@upstash/redis` client, for the edge (Vercel, Cloudflare, Deno).
 * Upstash answers over HTTPS: a request that fails or times out rejects, and the store then
 * rejects with `STORE_UNAVAILABLE`. Values are read back as strings (the client's JSON decoding
 * of `"done"` would otherwise be the same string, but a number-like token would not).
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
    async setIfAbsent(key, value, ttlMs) {
      return (await client.set(key, value, { nx: true, px: ttlMs })) === 'OK';
    },
    async set(key, value, ttlMs) {
      await client.set(key, value, { px: ttlMs });
    },
    async get(key) {
      const value = await client.get<unknown>(key);
      return value === null || value === undefined ? null : String(value);
    },
    async deleteIfEquals(key, value) {
      return Number(await client.eval(DELETE_IF_EQUALS, [key], [value])) === 1;
    },
  };
}

/** Checks that `client` is a {@link RedisCommands}, pointing at the wrappers when it is a raw client. */
export function assertRedisCommands(client: unknown): asserts client is RedisCommands {
  const commands = client as Partial<RedisCommands> | null;
  if (
    typeof commands?.setIfAbsent !== 'function' ||
    typeof commands.deleteIfEquals !== 'function' ||
    typeof commands.get !== 'function' ||
    typeof commands.set !== 'function'
  ) {
    throw new StoreError(
      'INVALID_OPTIONS',
      'client must be RedisCommands: wrap a redis client with fromNodeRedis(client), an ioredis one with fromIoredis(client), an @upstash/redis one with fromUpstash(client)',
    );
  }
}
