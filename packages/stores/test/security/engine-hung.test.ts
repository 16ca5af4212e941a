import { randomUUID } from 'node:crypto';
import { Redis as Ioredis } from 'ioredis';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallbackSeenStore, createCallbackHandler } from '@paysign/gateway';
import { createPostgresCallbackStore } from '@paysign/stores/postgres';
import { adoptNewRedis, createRedisCallbackStore, fromIoredis, fromNodeRedis, type RedisCommands } from '@paysign/stores/redis';
import { signedCallback, sleep } from '../_engines.js';
import { type PostgresServer, type RedisServer, startPostgres, startRedis } from '../_servers.js';

// Round 6 (issue 35): the engine hangs mid-claim instead of going down. redis-server stopped with
// SIGSTOP (the socket open, nothing answered), or a PostgreSQL claim stuck behind a row lock: the
// handler answers 500 within timeoutMs, never throws nor answers 200, and runs nothing. The claim
// that was sent still lands once the engine resumes, with no handler behind it: its lease ends
// after leaseMs (never pending for ever) and the gateway's next retry is handled, once.

const CONTROL_KEY = 'control-key-for-the-hung-engine-attacks';
const TIMEOUT_MS = 1_000;
const LEASE_MS = 2_000;

function counting(seen: CallbackSeenStore) {
  const runs = { count: 0 };
  const handler = createCallbackHandler({ controlKey: CONTROL_KEY, seen, findOrder: () => ({}), onCallback: () => void runs.count++ });
  return { handler, runs };
}

/** The answer and how long it took, never a throw. */
async function timed(answer: Promise<Response>): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const response = await answer;
  return { status: response.status, ms: Date.now() - started };
}

describe('redis-server hung (SIGSTOP) mid-claim', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(() => server?.stop());

  for (const name of ['node-redis', 'ioredis'] as const) {
    it(`${name}: 500 within timeoutMs, nothing run; after SIGCONT the orphan claim ends after leaseMs and the retry is handled once`, async () => {
      let client: RedisCommands;
      let close: () => Promise<void>;
      let pid: number;
      if (name === 'node-redis') {
        const redis = createClient({ url: server.url });
        redis.on('error', () => undefined);
        await redis.connect();
        pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
        client = fromNodeRedis(redis);
        close = () => redis.disconnect().catch(() => undefined);
      } else {
        const redis = new Ioredis(server.url, { lazyConnect: true });
        redis.on('error', () => undefined);
        await redis.connect();
        pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
        client = fromIoredis(redis);
        close = async () => redis.disconnect();
      }
      await adoptNewRedis({ client });
      const { handler, runs } = counting(createRedisCallbackStore({ client, timeoutMs: TIMEOUT_MS, leaseMs: LEASE_MS }));
      const callback = () => signedCallback(CONTROL_KEY, { status: 'approved', orderid: '7007', merchantOrder: `o-${randomUUID()}` });
      const sent = callback();
      try {
        process.kill(pid, 'SIGSTOP');
        let during: { status: number; ms: number };
        try {
          during = await timed(handler(sent.clone()));
        } finally {
          process.kill(pid, 'SIGCONT');
        }
        expect(during.status).toBe(500);
        expect(during.ms).toBeLessThan(TIMEOUT_MS + 1_000);
        expect(runs.count).toBe(0);
        const resumedAt = Date.now();
        // The claim sent during the hang lands now: pending, with nobody behind it.
        expect((await handler(sent.clone())).status).toBe(503);
        await sleep(resumedAt + LEASE_MS + 300 - Date.now());
        expect((await handler(sent.clone())).status).toBe(200);
        expect((await handler(sent.clone())).status).toBe(200);
        expect(runs.count).toBe(1);
      } finally {
        await close();
      }
    }, 20_000);
  }
});

describe('PostgreSQL claim stuck behind a row lock', () => {
  let server: PostgresServer;
  let pool: pg.Pool;
  beforeAll(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ connectionString: server.connectionString, max: 4 });
  });
  afterAll(async () => {
    await pool?.end().catch(() => undefined);
    await server?.stop();
  });

  it('500 within timeoutMs, nothing run; once the lock is let go the orphan claim ends after leaseMs and the retry is handled once', async () => {
    const store = createPostgresCallbackStore({ pool, timeoutMs: TIMEOUT_MS, leaseMs: LEASE_MS });
    const { handler, runs } = counting(store);
    const merchantOrder = `o-${randomUUID()}`;
    const sent = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '7008', merchantOrder });
    const key = JSON.stringify(['approved', '7008', merchantOrder]);
    // A lease that ended (its handler died), and a transaction holding its row.
    const dead = await store.claim(key);
    expect(dead.state).toBe('new');
    await sleep(LEASE_MS + 200);
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM paysign_callbacks WHERE key = $1 FOR UPDATE', [key]);
      const during = await timed(handler(sent.clone()));
      expect(during.status).toBe(500);
      expect(during.ms).toBeLessThan(TIMEOUT_MS + 1_000);
      expect(runs.count).toBe(0);
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    const freedAt = Date.now();
    await sleep(200); // the waiting claim takes the row over now, with nobody behind it
    expect((await handler(sent.clone())).status).toBe(503);
    await sleep(freedAt + LEASE_MS + 300 - Date.now());
    expect((await handler(sent.clone())).status).toBe(200);
    expect((await handler(sent.clone())).status).toBe(200);
    expect(runs.count).toBe(1);
  }, 20_000);
});
