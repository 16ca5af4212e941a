import { randomUUID } from 'node:crypto';
import { Redis as Ioredis } from 'ioredis';
import pg from 'pg';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallbackSeenStore, createCallbackHandler } from '@paysign/gateway';
import { isStoreError } from '@paysign/stores';
import { createPostgresCallbackStore, createPostgresNonceStore } from '@paysign/stores/postgres';
import { adoptNewRedis, createRedisCallbackStore, createRedisNonceStore, fromIoredis, fromNodeRedis, type RedisCommands } from '@paysign/stores/redis';
import { ENGINE_NAMES, type Engines, signedCallback, sleep, startEngines } from '../_engines.js';
import { type PostgresServer, type RedisServer, startPostgres, startRedis } from '../_servers.js';

// The faults of issue 35 over real engines: a key no engine holds as it is, the engine down while a
// callback is handled, and the engine restarted with and without persistence.

const CONTROL_KEY = 'control-key-for-the-engine-fault-attacks';
const code = (promise: unknown) =>
  Promise.resolve(promise).then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ rejected: isStoreError(error) ? error.code : String(error) }),
  );

/** A handler over `seen` that counts its runs of onCallback; `hold` makes a run wait for it. */
function counting(seen: CallbackSeenStore, hold?: Promise<void>) {
  const runs = { count: 0 };
  const handler = createCallbackHandler({
    controlKey: CONTROL_KEY,
    seen,
    findOrder: () => ({}),
    onCallback: async () => {
      runs.count++;
      await hold;
    },
  });
  return { handler, runs };
}

describe('keys no engine holds as they are (issue 35, low)', () => {
  let engines: Engines;
  beforeAll(async () => {
    engines = await startEngines();
  });
  afterAll(async () => {
    await engines?.close();
  });

  for (const [index, name] of ENGINE_NAMES.entries()) {
    it(`${name}: a signed callback whose merchant_order is 10 KB is handled once; its copy is a duplicate`, async () => {
      const { handler, runs } = counting(engines.subjects[index]!.callbacks({ leaseMs: 60_000 }));
      const merchantOrder = `o-${randomUUID()}-${'x'.repeat(10_240)}`;
      const callback = () => signedCallback(CONTROL_KEY, { status: 'approved', orderid: '4711', merchantOrder });
      const first = await handler(callback());
      expect([first.status, await first.text()]).toEqual([200, 'OK']);
      const copy = await createCallbackHandler({
        controlKey: CONTROL_KEY,
        seen: engines.subjects[index]!.callbacks({ leaseMs: 60_000 }), // another instance
        findOrder: () => ({}),
        onCallback: () => {
          runs.count++;
        },
      })(callback());
      expect([copy.status, runs.count]).toEqual([200, 1]);
    });

    if (name === 'Redis (@upstash/redis over REST)') continue;
    it(`${name}: a NUL in a callback key rejects with INVALID_KEY naming it, before the engine is asked`, async () => {
      const store = engines.subjects[index]!.callbacks({ leaseMs: 60_000 });
      const outcome = store.claim('order\u0000one');
      await expect(outcome).rejects.toMatchObject({ name: 'StoreError', code: 'INVALID_KEY', message: expect.stringContaining('NUL (U+0000)') });
      await expect(store.release('order\u0000one', 'token')).rejects.toMatchObject({ code: 'INVALID_KEY' });
    });
  }
});

describe('the engine down while a callback is handled', () => {
  for (const engine of ['Redis (node-redis)', 'Redis (ioredis)', 'PostgreSQL'] as const) {
    it(`${engine}: the run under way answers 200 when it resolves; copies during the outage get 500 and run nothing; the handler never throws`, async () => {
      let redis: RedisServer | undefined;
      let postgres: PostgresServer | undefined;
      let close: () => Promise<void>;
      let seen: () => CallbackSeenStore;
      if (engine === 'PostgreSQL') {
        postgres = await startPostgres();
        const pool = new pg.Pool({ connectionString: postgres.connectionString, connectionTimeoutMillis: 1_000 });
        seen = () => createPostgresCallbackStore({ pool, timeoutMs: 2_000 });
        close = () => pool.end().catch(() => undefined);
      } else {
        redis = await startRedis();
        let client: RedisCommands;
        if (engine === 'Redis (node-redis)') {
          const nodeRedis = createClient({ url: redis.url, socket: { reconnectStrategy: 100 } });
          nodeRedis.on('error', () => undefined);
          await nodeRedis.connect();
          client = fromNodeRedis(nodeRedis);
          close = () => nodeRedis.disconnect().catch(() => undefined);
        } else {
          const ioredis = new Ioredis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
          ioredis.on('error', () => undefined);
          await ioredis.connect();
          client = fromIoredis(ioredis);
          close = async () => ioredis.disconnect();
        }
        await adoptNewRedis({ client });
        seen = () => createRedisCallbackStore({ client, timeoutMs: 2_000 });
      }
      try {
        let finish!: () => void;
        const { handler, runs } = counting(seen(), new Promise<void>((resolve) => (finish = resolve)));
        const merchantOrder = `o-${randomUUID()}`;
        const callback = () => signedCallback(CONTROL_KEY, { status: 'approved', orderid: '5150', merchantOrder });
        const first = handler(callback());
        while (runs.count === 0) await sleep(5);
        await (redis ?? postgres)!.stop();
        const other = counting(seen());
        const copies = await Promise.all([handler(callback()), other.handler(callback())]);
        expect(copies.map((copy) => copy.status)).toEqual([500, 500]);
        expect([runs.count, other.runs.count]).toEqual([1, 0]);
        finish();
        const answered = await first;
        expect([answered.status, await answered.text()]).toEqual([200, 'OK']);
      } finally {
        await close();
        await (redis ?? postgres)!.stop();
      }
    });
  }
});

describe('the engine restarted', () => {
  it('Redis without persistence: the store finds its data lost and refuses (500 at the handler) for the quarantine, then handles the retry once; a nonce it held is never new meanwhile', async () => {
    const server = await startRedis();
    const nodeRedis = createClient({ url: server.url, socket: { reconnectStrategy: 50 } }) as RedisClientType;
    nodeRedis.on('error', () => undefined);
    await nodeRedis.connect();
    const client = fromNodeRedis(nodeRedis);
    try {
      await adoptNewRedis({ client });
      const nonces = createRedisNonceStore({ client, clockSkewMs: 0, quarantineMs: 3_000 });
      const callbacks = createRedisCallbackStore({ client, leaseMs: 2_000 });
      const nonce = randomUUID();
      expect(await nonces.remember(nonce, Date.now() / 1000 + 2, 'm')).toBe(true);
      const { handler, runs } = counting(callbacks);
      const merchantOrder = `o-${randomUUID()}`;
      const callback = () => signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8080', merchantOrder });
      expect((await handler(callback())).status).toBe(200);
      await server.restart(); // empty: --appendonly no, --save ''
      while (!nodeRedis.isReady) await sleep(20);
      const foundAt = Date.now();
      expect(await code(nonces.remember(nonce, Date.now() / 1000 + 2, 'm'))).toEqual({ rejected: 'STORE_UNAVAILABLE' });
      expect(await code(nonces.remember(randomUUID(), Date.now() / 1000 + 2, 'm'))).toEqual({ rejected: 'STORE_UNAVAILABLE' });
      const during = await handler(callback());
      expect([during.status, runs.count]).toEqual([500, 1]);
      // Adopting the server cannot end a quarantine under way: its epoch key exists again.
      expect(await adoptNewRedis({ client })).toEqual([]);
      expect(await code(nonces.remember(nonce, Date.now() / 1000 + 2, 'm'))).toEqual({ rejected: 'STORE_UNAVAILABLE' });
      // A nonce kept longer than the quarantine covers is refused, naming the option.
      await sleep(foundAt + 3_100 - Date.now());
      expect(await code(nonces.remember(randomUUID(), Date.now() / 1000 + 60, 'm'))).toEqual({ rejected: 'INVALID_OPTIONS' });
      expect(await nonces.remember(nonce, Date.now() / 1000 + 2, 'm')).toBe(true); // its first copy expired long ago
      // The callback's done record was lost with the data: the retry reaches findOrder again (see the README).
      expect((await handler(callback())).status).toBe(200);
      expect(runs.count).toBe(2);
    } finally {
      await nodeRedis.disconnect().catch(() => undefined);
      await server.stop();
    }
  });

  it('Redis with persistence (appendonly, appendfsync always): nothing is refused after the restart, the nonce is still seen and the callback still done', async () => {
    const server = await startRedis({ persistence: true });
    const nodeRedis = createClient({ url: server.url, socket: { reconnectStrategy: 50 } }) as RedisClientType;
    nodeRedis.on('error', () => undefined);
    await nodeRedis.connect();
    const client = fromNodeRedis(nodeRedis);
    try {
      await adoptNewRedis({ client });
      const nonces = createRedisNonceStore({ client });
      const nonce = randomUUID();
      expect(await nonces.remember(nonce, Date.now() / 1000 + 300, 'm')).toBe(true);
      const { handler, runs } = counting(createRedisCallbackStore({ client }));
      const callback = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8081', merchantOrder: `o-${randomUUID()}` });
      expect((await handler(callback.clone())).status).toBe(200);
      await server.restart();
      while (!nodeRedis.isReady) await sleep(20);
      expect(await nonces.remember(nonce, Date.now() / 1000 + 300, 'm')).toBe(false);
      expect((await handler(callback.clone())).status).toBe(200);
      expect(runs.count).toBe(1);
    } finally {
      await nodeRedis.disconnect().catch(() => undefined);
      await server.stop();
    }
  });

  it('PostgreSQL stopped at once and started again: the nonce is still seen, the callback still done, the lease still held', async () => {
    const server = await startPostgres();
    const pool = new pg.Pool({ connectionString: server.connectionString, connectionTimeoutMillis: 2_000 });
    try {
      const nonces = createPostgresNonceStore({ pool });
      const callbacks = createPostgresCallbackStore({ pool });
      const nonce = randomUUID();
      expect(await nonces.remember(nonce, Date.now() / 1000 + 300, 'm')).toBe(true);
      const { handler, runs } = counting(callbacks);
      const callback = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8082', merchantOrder: `o-${randomUUID()}` });
      expect((await handler(callback.clone())).status).toBe(200);
      const held = randomUUID();
      expect((await callbacks.claim(held)).state).toBe('new');
      await server.restart();
      // Until the pool reconnects, calls reject with STORE_UNAVAILABLE; the first answer is the kept nonce.
      let answer: { resolved?: unknown; rejected?: string } = { rejected: 'not asked' };
      for (let attempt = 0; answer.rejected !== undefined && attempt < 50; attempt++) {
        answer = await code(nonces.remember(nonce, Date.now() / 1000 + 300, 'm'));
        if (answer.rejected !== undefined) await sleep(100);
      }
      expect(answer).toEqual({ resolved: false });
      expect((await handler(callback.clone())).status).toBe(200);
      expect(runs.count).toBe(1);
      expect((await callbacks.claim(held)).state).toBe('pending');
    } finally {
      await pool.end().catch(() => undefined);
      await server.stop();
    }
  });
});
