import { randomUUID } from 'node:crypto';
import { Redis as Ioredis } from 'ioredis';
import pg from 'pg';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { createPostgresCallbackStore } from '@paysign/stores/postgres';
import { adoptNewRedis, createRedisCallbackStore, fromIoredis, fromNodeRedis, type RedisCommands } from '@paysign/stores/redis';
import { signedCallback, sleep } from '../_engines.js';
import { startPostgres, startRedis } from '../_servers.js';
import { CONTROL_KEY, instance, overlapping, type Run, redisPid } from './_runs.js';

// Round 8 (issue 35): the engine SIGKILLed, with a claim in flight or a lease held, and started
// again. A claim in flight is answered 500 and runs nothing; a lease the engine kept (Redis with
// appendfsync always, PostgreSQL after its crash recovery) still holds, and its run finishes once;
// a lease the engine lost (Redis without persistence) is not handed to another delivery until the
// run that held it was told (its signal aborted) and every lease of before could have ended.

async function redisClient(name: 'node-redis' | 'ioredis', url: string) {
  if (name === 'node-redis') {
    const redis = createClient({ url, socket: { reconnectStrategy: 50 } });
    redis.on('error', () => undefined);
    await redis.connect();
    return {
      client: fromNodeRedis(redis) as RedisCommands,
      info: () => redis.info('server'),
      ready: () => redis.isReady,
      close: () => redis.disconnect().catch(() => undefined),
    };
  }
  const redis = new Ioredis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  redis.on('error', () => undefined);
  await redis.connect();
  return { client: fromIoredis(redis), info: () => redis.info('server'), ready: () => redis.status === 'ready', close: async () => redis.disconnect() };
}

describe('redis-server SIGKILLed with a claim in flight, and started again (round 8)', () => {
  for (const name of ['node-redis', 'ioredis'] as const) {
    for (const persistence of [true, false]) {
      it(`${name}, ${persistence ? 'appendfsync always' : 'no persistence'}: the delivery in flight is 500 and ran nothing (ioredis may resend it to the new server); ${persistence ? 'its retry is handled at once' : 'retries are 500 for the quarantine, then handled'}, once`, async () => {
        const LEASE_MS = 1_500;
        const server = await startRedis({ persistence });
        const redis = await redisClient(name, server.url);
        try {
          await adoptNewRedis({ client: redis.client });
          const runs: Run[] = [];
          const handler = instance('a', createRedisCallbackStore({ client: redis.client, timeoutMs: 5_000, leaseMs: LEASE_MS }), runs, 0);
          const other = instance('b', createRedisCallbackStore({ client: redis.client, timeoutMs: 5_000, leaseMs: LEASE_MS }), runs, 0);
          const sent = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8801', merchantOrder: `o-${randomUUID()}` });
          const pid = await redisPid(redis.info);
          process.kill(pid, 'SIGSTOP'); // the claim is sent, and sits unread
          const inFlight = handler(sent.clone());
          await sleep(200);
          await server.restart(); // SIGKILL, then a new redis-server on the same port and directory
          // ioredis sends an unanswered command again once it reconnects: the claim then lands on
          // the new server (with persistence, nothing else holds the key) and the delivery is handled.
          const answer = (await inFlight).status;
          expect(answer === 500 || (name === 'ioredis' && persistence && answer === 200)).toBe(true);
          expect(runs.filter((run) => run.committed)).toHaveLength(answer === 200 ? 1 : 0);
          while (!redis.ready()) await sleep(20);
          const foundAt = performance.now();
          if (!persistence) {
            // The store finds its epoch key gone: it refuses for its quarantine (leaseMs).
            expect((await other(sent.clone())).status).toBe(500);
            expect(runs).toHaveLength(0);
            await sleep(foundAt + LEASE_MS + 200 - performance.now());
          }
          const retries = await Promise.all([handler(sent.clone()), other(sent.clone())]);
          expect(retries.map((r) => r.status)).toContain(200);
          expect(retries.every((r) => r.status === 200 || r.status === 503)).toBe(true);
          expect((await other(sent.clone())).status).toBe(200);
          expect(runs.filter((run) => run.committed)).toHaveLength(1);
        } finally {
          await redis.close();
          await server.stop();
        }
      }, 20_000);
    }
  }
});

describe('redis-server SIGKILLed while a run holds its lease (round 8)', () => {
  for (const name of ['node-redis', 'ioredis'] as const) {
    it(`${name}, no persistence: the run is told its lease is lost before any other delivery can claim; copies meanwhile are 500; the callback is committed once`, async () => {
      const LEASE_MS = 1_500;
      const server = await startRedis();
      const redis = await redisClient(name, server.url);
      try {
        await adoptNewRedis({ client: redis.client });
        const runs: Run[] = [];
        const store = () => createRedisCallbackStore({ client: redis.client, timeoutMs: 1_000, leaseMs: LEASE_MS });
        const first = instance('a', store(), runs, 4_000);
        const other = instance('b', store(), runs, 0);
        const sent = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8802', merchantOrder: `o-${randomUUID()}` });
        const firstAnswer = first(sent.clone());
        while (runs.length === 0) await sleep(5);
        await server.restart(); // empty: the lease is gone with everything else
        while (!redis.ready()) await sleep(20);
        const copies: number[] = [];
        const until = performance.now() + 2 * LEASE_MS + 500;
        while (performance.now() < until) {
          copies.push((await other(sent.clone())).status);
          await sleep(100);
        }
        const firstReply = await firstAnswer;
        expect([firstReply.status, await firstReply.text()]).toEqual([500, "the callback's lease ended before it was handled; retry later"]);
        expect(runs[0]!.committed).toBe(false);
        expect(runs[0]!.abortedAt).toBeDefined();
        // Every copy before the quarantine ended was refused; one after it handled the callback.
        expect(copies[0]).toBe(500);
        expect(copies).toContain(200);
        expect(copies.every((status) => status === 500 || status === 200)).toBe(true);
        expect(runs.filter((run) => run.committed)).toHaveLength(1);
        const second = runs.find((run) => run.instance === 'b')!;
        expect(runs[0]!.abortedAt!).toBeLessThan(second.start);
        expect(overlapping(runs)).toBe(false);
      } finally {
        await redis.close();
        await server.stop();
      }
    }, 20_000);

    it(`${name}, appendfsync always: the lease survives the restart; copies are 500, then 503; the run finishes, 200, committed once`, async () => {
      const LEASE_MS = 3_000;
      const server = await startRedis({ persistence: true });
      const redis = await redisClient(name, server.url);
      try {
        await adoptNewRedis({ client: redis.client });
        const runs: Run[] = [];
        const store = () => createRedisCallbackStore({ client: redis.client, timeoutMs: 1_000, leaseMs: LEASE_MS });
        const first = instance('a', store(), runs, 2_500);
        const other = instance('b', store(), runs, 0);
        const sent = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8803', merchantOrder: `o-${randomUUID()}` });
        const firstAnswer = first(sent.clone());
        while (runs.length === 0) await sleep(5);
        await server.restart();
        while (!redis.ready()) await sleep(20);
        expect((await other(sent.clone())).status).toBe(503);
        expect((await firstAnswer).status).toBe(200);
        expect((await other(sent.clone())).status).toBe(200);
        expect(runs.map((run) => [run.instance, run.committed, run.abortedAt])).toEqual([['a', true, undefined]]);
      } finally {
        await redis.close();
        await server.stop();
      }
    }, 20_000);
  }
});

describe('a PostgreSQL backend SIGKILLed mid-claim: the postmaster restarts every backend (round 8)', () => {
  it('the claim in flight is 500 and runs nothing; the lease another run holds survives the crash recovery, its run finishes once; the retry of the first is handled once', async () => {
    const LEASE_MS = 4_000;
    const server = await startPostgres();
    const pool = new pg.Pool({ connectionString: server.connectionString, max: 6, connectionTimeoutMillis: 1_000 });
    const admin = new pg.Pool({ connectionString: server.connectionString, max: 2, connectionTimeoutMillis: 1_000 });
    pool.on('error', () => undefined);
    admin.on('error', () => undefined);
    try {
      const runs: Run[] = [];
      const store = () => createPostgresCallbackStore({ pool, timeoutMs: 3_000, leaseMs: LEASE_MS });
      const holding = instance('a', store(), runs, 3_000);
      const claiming = instance('b', store(), runs, 0);
      const held = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8804', merchantOrder: `o-${randomUUID()}` });
      const blockedOrder = `o-${randomUUID()}`;
      const blocked = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8805', merchantOrder: blockedOrder });
      const blockedKey = JSON.stringify(['approved', '8805', blockedOrder]);
      // The second callback's row, its lease ended, locked by a transaction: its claim waits.
      await store().claim(blockedKey);
      await admin.query(`UPDATE paysign_callbacks SET expires_at = now() - interval '1 second' WHERE key = $1`, [blockedKey]);
      const locker = await admin.connect();
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM paysign_callbacks WHERE key = $1 FOR UPDATE', [blockedKey]);
      const heldAnswer = holding(held.clone());
      while (runs.length === 0) await sleep(5);
      const inFlight = claiming(blocked.clone());
      let backend: number | undefined;
      while (backend === undefined) {
        const { rows } = await admin.query(`SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'WITH claimed AS%'`);
        backend = rows[0]?.pid as number | undefined;
        if (backend === undefined) await sleep(20);
      }
      process.kill(backend, 'SIGKILL');
      expect((await inFlight).status).toBe(500);
      locker.release(true);
      expect(runs.map((run) => run.instance)).toEqual(['a']);
      // After the recovery: the held lease is still there (503), the run under way finishes, once.
      let copy = 500;
      for (let attempt = 0; copy === 500 && attempt < 50; attempt++) {
        copy = (await claiming(held.clone())).status;
        if (copy === 500) await sleep(100);
      }
      expect(copy).toBe(503);
      expect((await heldAnswer).status).toBe(200);
      expect((await claiming(held.clone())).status).toBe(200);
      // The claim killed mid-flight never committed: the retry of that callback is handled, once.
      expect((await claiming(blocked.clone())).status).toBe(200);
      expect((await holding(blocked.clone())).status).toBe(200);
      expect(runs.map((run) => [run.instance, run.committed, run.abortedAt])).toEqual([
        ['a', true, undefined],
        ['b', true, undefined],
      ]);
    } finally {
      await pool.end().catch(() => undefined);
      await admin.end().catch(() => undefined);
      await server.stop();
    }
  }, 30_000);
});
