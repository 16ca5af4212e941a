// The real engines of the attack tests, started once per file: a redis-server (reached through
// node-redis, ioredis and @upstash/redis over the local REST front) and a PostgreSQL, each adopted
// as new so that no store waits out a quarantine on it.
import { createHash } from 'node:crypto';
import { Redis as Ioredis } from 'ioredis';
import pg from 'pg';
import { createClient, type RedisClientType } from 'redis';
import { Redis as Upstash } from '@upstash/redis';
import type { CallbackSeenStore } from '@paysign/gateway';
import type { NonceStore } from '@paysign/oauth-core';
import { createPostgresCallbackStore, createPostgresNonceStore } from '@paysign/stores/postgres';
import { adoptNewRedis, createRedisCallbackStore, createRedisNonceStore, fromIoredis, fromNodeRedis, fromUpstash } from '@paysign/stores/redis';
import { type PostgresServer, type RedisServer, startPostgres, startRedis } from './_servers.js';
import { startUpstashRest, type UpstashRest } from './_upstash-rest.js';

/** The engines of {@link startEngines}, in the order of its subjects. */
export const ENGINE_NAMES = ['Redis (node-redis)', 'Redis (ioredis)', 'Redis (@upstash/redis over REST)', 'PostgreSQL'] as const;

export interface Engines {
  /** Each engine's stores: every call of `callbacks` or `nonces` is another instance over the same engine. */
  subjects: { name: string; callbacks(options: { leaseMs: number }): CallbackSeenStore; nonces(): NonceStore }[];
  close(): Promise<void>;
}

export async function startEngines(): Promise<Engines> {
  const [redisServer, postgresServer]: [RedisServer, PostgresServer] = await Promise.all([startRedis(), startPostgres()]);
  const nodeRedis = createClient({ url: redisServer.url }) as RedisClientType;
  nodeRedis.on('error', () => undefined);
  await nodeRedis.connect();
  const ioredis = new Ioredis(redisServer.url, { lazyConnect: true });
  ioredis.on('error', () => undefined);
  await ioredis.connect();
  const rest: UpstashRest = await startUpstashRest(nodeRedis);
  const upstash = new Upstash({ url: rest.url, token: 'test-token', retry: false });
  await adoptNewRedis({ client: fromNodeRedis(nodeRedis) });
  const pool = new pg.Pool({ connectionString: postgresServer.connectionString, max: 10 });
  const redis = (name: string, client: () => ReturnType<typeof fromNodeRedis>) => ({
    name: `Redis (${name})`,
    callbacks: (options: { leaseMs: number }) => createRedisCallbackStore({ client: client(), ...options }),
    nonces: () => createRedisNonceStore({ client: client() }),
  });
  return {
    subjects: [
      redis('node-redis', () => fromNodeRedis(nodeRedis)),
      redis('ioredis', () => fromIoredis(ioredis)),
      redis('@upstash/redis over REST', () => fromUpstash(upstash)),
      {
        name: 'PostgreSQL',
        callbacks: (options) => createPostgresCallbackStore({ pool, ...options }),
        nonces: () => createPostgresNonceStore({ pool }),
      },
    ],
    async close() {
      await rest.close();
      await nodeRedis.quit().catch(() => undefined);
      ioredis.disconnect();
      await pool.end().catch(() => undefined);
      await Promise.all([redisServer.stop(), postgresServer.stop()]);
    },
  };
}

/** A callback as the gateway sends it: its query signed with `controlKey` (SHA-1 of status, orderid, merchant_order and the key). */
export function signedCallback(controlKey: string, fields: { status: string; orderid: string; merchantOrder: string }): Request {
  const control = createHash('sha1').update(`${fields.status}${fields.orderid}${fields.merchantOrder}${controlKey}`).digest('hex');
  const query = new URLSearchParams({ status: fields.status, orderid: fields.orderid, merchant_order: fields.merchantOrder, amount: '10.00', control });
  return new Request(`http://merchant.test/callbacks?${query}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
