import { randomUUID } from 'node:crypto';
import { Redis as Ioredis } from 'ioredis';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallbackSeenStore, createCallbackHandler, createMemoryCallbackStore } from '@paysign/gateway';
import { createPostgresCallbackStore } from '@paysign/stores/postgres';
import { adoptNewRedis, createRedisCallbackStore, fromIoredis, fromNodeRedis, type RedisCommands } from '@paysign/stores/redis';
import { ENGINE_NAMES, type Engines, signedCallback, sleep, startEngines } from '../_engines.js';
import { type Engine, handling, kill } from '../_processes.js';
import { startPostgres, startRedis } from '../_servers.js';

// Round 6 (issue 35), medium: a lease that ended while its handler still ran. leaseMs 1000 and an
// onCallback that takes 3 s (a slow order database, in the incident that makes the gateway retry):
// a copy at 1.4 s, on another instance, found the lease over, claimed the callback and ran
// onCallback beside the first run. The handler now renews its lease while findOrder and
// onCallback run: every copy meanwhile is 503, onCallback runs once; the answer is 200 and the
// next copy a duplicate. A handler that died renews nothing: its lease still ends (test below).

const CONTROL_KEY = 'control-key-for-the-outlived-lease-attack';
let engines: Engines;
beforeAll(async () => {
  engines = await startEngines();
});
afterAll(async () => {
  await engines?.close();
});

const subjects = (): { name: string; callbacks(options: { leaseMs: number }): CallbackSeenStore; shared: boolean }[] => [
  ...ENGINE_NAMES.map((name, index) => ({ name, callbacks: engines.subjects[index]!.callbacks, shared: true })),
  { name: 'memory (one process)', callbacks: (options: { leaseMs: number }) => createMemoryCallbackStore(options), shared: false },
];

describe('a handler that outlives its lease keeps it while it runs (round 6, medium)', () => {
  for (const name of [...ENGINE_NAMES, 'memory (one process)']) {
    it(`${name}: onCallback taking 3 s with leaseMs 1000: copies at 1.4 s and 2.2 s are 503, onCallback runs once`, async () => {
      const subject = subjects().find((s) => s.name === name)!;
      const merchantOrder = `o-${randomUUID()}`;
      const callback = () => signedCallback(CONTROL_KEY, { status: 'approved', orderid: '60606', merchantOrder });
      let runs = 0;
      const handler = (seen: CallbackSeenStore) =>
        createCallbackHandler({
          controlKey: CONTROL_KEY,
          seen,
          findOrder: () => ({}),
          onCallback: async () => {
            runs++;
            await sleep(3_000);
          },
        });
      const first = handler(subject.callbacks({ leaseMs: 1_000 }));
      const other = subject.shared ? handler(subject.callbacks({ leaseMs: 1_000 })) : first;
      const t0 = Date.now();
      const answer = first(callback());
      await sleep(t0 + 1_400 - Date.now());
      const early = await other(callback());
      await sleep(t0 + 2_200 - Date.now());
      const late = await other(callback());
      expect([early.status, late.status, runs]).toEqual([503, 503, 1]);
      expect([(await answer).status, runs]).toEqual([200, 1]);
      expect([(await other(callback())).status, runs]).toEqual([200, 1]);
    }, 20_000);

    it(`${name}: a lease whose handler stopped renewing (it died) still ends: the retry after it is handled once`, async () => {
      const subject = subjects().find((s) => s.name === name)!;
      const store = subject.callbacks({ leaseMs: 800 });
      const key = JSON.stringify(['approved', '60607', `o-${randomUUID()}`]);
      const claim = await store.claim(key);
      expect(claim.state).toBe('new');
      if (claim.state !== 'new') return;
      // Renewed once (as a live handler would), then never again.
      expect(await store.renew!(key, claim.token)).toBe(true);
      expect(await store.renew!(key, `${claim.token}-not-mine`)).toBe(false);
      await sleep(1_300);
      const again = await (subject.shared ? subject.callbacks({ leaseMs: 800 }) : store).claim(key);
      expect(again.state).toBe('new');
      // The first claim's renewal, late, neither takes the lease back nor extends the new one.
      expect(await store.renew!(key, claim.token)).toBe(false);
    }, 20_000);
  }
});

/** A callback store of `engine` on the server at `url`, for this process; the server adopted as new. */
async function storeOn(engine: Engine, url: string, leaseMs: number): Promise<{ store: CallbackSeenStore; close(): Promise<void> }> {
  if (engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    return { store: createPostgresCallbackStore({ pool, leaseMs }), close: () => pool.end() };
  }
  let client: RedisCommands;
  let close: () => Promise<void>;
  if (engine === 'ioredis') {
    const redis = new Ioredis(url, { lazyConnect: true });
    redis.on('error', () => undefined);
    await redis.connect();
    client = fromIoredis(redis);
    close = async () => redis.disconnect();
  } else {
    const redis = createClient({ url });
    redis.on('error', () => undefined);
    await redis.connect();
    client = fromNodeRedis(redis);
    close = () => redis.disconnect().catch(() => undefined);
  }
  await adoptNewRedis({ client });
  return { store: createRedisCallbackStore({ client, leaseMs }), close };
}

describe('a handler SIGKILLed while it renews its lease (round 6)', () => {
  for (const engine of ['node-redis', 'ioredis', 'postgres'] as const satisfies readonly Engine[]) {
    it(`${engine}: while its process lives, copies past two leases are 503; once it is killed, the retry after its lease is handled once`, async () => {
      const leaseMs = 900;
      const merchantOrder = `o-${randomUUID()}`;
      const server = engine === 'postgres' ? await startPostgres() : await startRedis();
      const url = 'connectionString' in server ? server.connectionString : server.url;
      const { store, close } = await storeOn(engine, url, leaseMs);
      try {
        const runs = { count: 0 };
        const handler = createCallbackHandler({ controlKey: 'claimant-control-key', seen: store, findOrder: () => ({}), onCallback: () => void runs.count++ });
        const callback = () => signedCallback('claimant-control-key', { status: 'approved', orderid: '4242', merchantOrder });
        const child = await handling(engine, url, merchantOrder, leaseMs);
        await sleep(2.5 * leaseMs); // past two whole leases: only the renewals hold it
        expect([(await handler(callback())).status, runs.count]).toEqual([503, 0]);
        const killedAt = Date.now();
        await kill(child);
        expect((await handler(callback())).status).toBe(503); // its last renewal still holds
        await sleep(killedAt + leaseMs + 300 - Date.now());
        const retries = (await Promise.all([handler(callback()), handler(callback())])).map((r) => r.status);
        // One retry handles it; the other finds it pending or, if it came after, done.
        expect(retries).toContain(200);
        expect(retries.every((status) => status === 200 || status === 503)).toBe(true);
        expect(runs.count).toBe(1);
      } finally {
        await close();
        await server.stop();
      }
    }, 30_000);
  }
});
