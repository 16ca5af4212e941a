import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresCallbackStore } from '@paysign/stores/postgres';
import { adoptNewRedis, createRedisCallbackStore, fromNodeRedis } from '@paysign/stores/redis';
import { signedCallback, sleep } from '../_engines.js';
import { type PostgresServer, type RedisServer, startPostgres, startRedis } from '../_servers.js';
import { CONTROL_KEY, instance, overlapping, type Run } from './_runs.js';

// Round 8 (issue 35): the engine slow past the lease, answering late rather than not at all. A
// redis-server busy for 2.5 s in a script (every command queued behind it, as under DEBUG SLEEP),
// and a PostgreSQL row held by a session in pg_sleep for 2.5 s, with leaseMs 1000 and a run holding
// the lease: its renewals and another instance's claim are answered only after the lease ended on
// the engine's clock. The run must be told (its signal aborts) before the other claim can succeed,
// the late renewal must not revive it, and the callback is committed once.

const LEASE_MS = 1_000;
const BUSY_MS = 2_500;
// Busy on the server for ARGV[1] ms by its own clock: every other client's command waits.
const BUSY = `local t = redis.call('TIME')
local start = tonumber(t[1]) * 1000000 + tonumber(t[2])
while true do
  local n = redis.call('TIME')
  if tonumber(n[1]) * 1000000 + tonumber(n[2]) - start > tonumber(ARGV[1]) * 1000 then return 1 end
end`;

describe('redis-server busy past the lease (round 8)', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(() => server?.stop());

  it('the run is told at its lease; the claim queued meanwhile runs nothing (answered past its own lease: 500); the retry is handled at once; committed once', async () => {
    const redis = createClient({ url: server.url });
    const blocker = createClient({ url: server.url });
    redis.on('error', () => undefined);
    blocker.on('error', () => undefined);
    await Promise.all([redis.connect(), blocker.connect()]);
    try {
      await blocker.configSet('busy-reply-threshold', '20000'); // queue, never BUSY, for this test
      const client = fromNodeRedis(redis);
      await adoptNewRedis({ client });
      const runs: Run[] = [];
      const store = () => createRedisCallbackStore({ client, timeoutMs: 5_000, leaseMs: LEASE_MS });
      const first = instance('a', store(), runs, 3_000);
      const other = instance('b', store(), runs, 0);
      const sent = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8806', merchantOrder: `o-${randomUUID()}` });
      const claimedAt = performance.now();
      const firstAnswer = first(sent.clone());
      while (runs.length === 0) await sleep(5);
      const busy = blocker.eval(BUSY, { arguments: [String(BUSY_MS)] });
      await sleep(600); // after the run's first renewal (at leaseMs / 3), queued too
      const copy = other(sent.clone()); // sent while the server is busy: claimed once it is free
      expect(await busy).toBe(1);
      const [firstReply, copyReply] = await Promise.all([firstAnswer, copy]);
      expect([firstReply.status, await firstReply.text()]).toEqual([500, "the callback's lease ended before it was handled; retry later"]);
      // The copy's claim was answered after its own lease's time, counted from when it was sent,
      // had passed: it cannot know it holds one, so it runs nothing (500) and releases it.
      expect([copyReply.status, await copyReply.text()]).toEqual([500, "the callback's lease ended before it was handled; retry later"]);
      expect(runs.map((run) => run.instance)).toEqual(['a']);
      const a = runs[0]!;
      // At its lease, not when the engine answers (BUSY_MS): the slack is for a loaded machine's timers.
      expect(a.abortedAt! - claimedAt).toBeLessThanOrEqual(LEASE_MS + (BUSY_MS - LEASE_MS) / 2);
      // The gateway's retry: handled at once (neither the late renewal nor the copy left a lease behind), once.
      expect((await other(sent.clone())).status).toBe(200);
      expect((await first(sent.clone())).status).toBe(200);
      const b = runs.find((run) => run.instance === 'b')!;
      expect(a.abortedAt!).toBeLessThan(b.start);
      expect(overlapping(runs)).toBe(false);
      expect(runs.filter((run) => run.committed).map((run) => run.instance)).toEqual(['b']);
    } finally {
      await Promise.all([redis.disconnect().catch(() => undefined), blocker.disconnect().catch(() => undefined)]);
    }
  }, 20_000);
});

describe('a PostgreSQL row held by a session in pg_sleep past the lease (round 8)', () => {
  let server: PostgresServer;
  let pool: pg.Pool;
  beforeAll(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ connectionString: server.connectionString, max: 8 });
  });
  afterAll(async () => {
    await pool?.end().catch(() => undefined);
    await server?.stop();
  });

  it('the run is told at its lease; its renewal, answered late, revives nothing; the copy waiting on the row never runs beside it; committed once', async () => {
    const runs: Run[] = [];
    const store = () => createPostgresCallbackStore({ pool, timeoutMs: 5_000, leaseMs: LEASE_MS });
    const first = instance('a', store(), runs, 3_000);
    const other = instance('b', store(), runs, 0);
    const merchantOrder = `o-${randomUUID()}`;
    const sent = signedCallback(CONTROL_KEY, { status: 'approved', orderid: '8807', merchantOrder });
    const key = JSON.stringify(['approved', '8807', merchantOrder]);
    const claimedAt = performance.now();
    const firstAnswer = first(sent.clone());
    while (runs.length === 0) await sleep(5);
    const holder = await pool.connect();
    const held = holder.query(
      `BEGIN; SELECT 1 FROM paysign_callbacks WHERE key = '${key.replace(/'/g, "''")}' FOR UPDATE; SELECT pg_sleep(${BUSY_MS / 1000}); COMMIT`,
    );
    await sleep(300);
    const copy = other(sent.clone()); // waits on the row
    try {
      await held;
    } finally {
      holder.release();
    }
    const [firstReply, copyReply] = await Promise.all([firstAnswer, copy]);
    expect([firstReply.status, await firstReply.text()]).toEqual([500, "the callback's lease ended before it was handled; retry later"]);
    const a = runs.find((run) => run.instance === 'a')!;
    // At its lease, not when the engine answers (BUSY_MS): the slack is for a loaded machine's timers.
    expect(a.abortedAt! - claimedAt).toBeLessThanOrEqual(LEASE_MS + (BUSY_MS - LEASE_MS) / 2);
    // The copy's statement began while the lease held (its now() is when it began): pending, or,
    // once the lease had ended, handled. Never run beside the first.
    expect([200, 503]).toContain(copyReply.status);
    expect(overlapping(runs)).toBe(false);
    let retry = copyReply.status;
    for (let attempt = 0; retry !== 200 && attempt < 30; attempt++) {
      await sleep(200);
      retry = (await other(sent.clone())).status;
    }
    expect(retry).toBe(200);
    expect((await first(sent.clone())).status).toBe(200);
    expect(runs.filter((run) => run.committed)).toHaveLength(1);
    const b = runs.find((run) => run.committed)!;
    expect(b.instance).toBe('b');
    expect(a.abortedAt!).toBeLessThan(b.start);
  }, 30_000);
});
