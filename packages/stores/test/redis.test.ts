import { randomUUID } from 'node:crypto';
import { Redis as Ioredis } from 'ioredis';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis as Upstash } from '@upstash/redis';
import { isStoreError } from '@paysign/stores';
import {
  adoptNewRedis,
  createRedisCallbackStore,
  createRedisNonceStore,
  fromIoredis,
  fromNodeRedis,
  fromUpstash,
  type RedisCommands,
} from '@paysign/stores/redis';
import { callbackStoreContract, nonceStoreContract } from './_contract.js';
import { type Engine, holder, kill, race } from './_processes.js';
import { type RedisServer, startRedis } from './_servers.js';
import { startUpstashRest, type UpstashRest } from './_upstash-rest.js';

// Every case against a real redis-server (started here on a free loopback port), through the
// real node-redis and ioredis clients, and the real @upstash/redis client over HTTP through a
// local REST front (_upstash-rest.ts).

let server: RedisServer;
let nodeRedis: RedisClientType;
let ioredis: Ioredis;
let rest: UpstashRest;
let upstash: Upstash;

beforeAll(async () => {
  server = await startRedis();
  nodeRedis = createClient({ url: server.url });
  nodeRedis.on('error', () => undefined);
  await nodeRedis.connect();
  ioredis = new Ioredis(server.url, { lazyConnect: true });
  ioredis.on('error', () => undefined);
  await ioredis.connect();
  // A server started here is new: the stores need not wait out a quarantine on it.
  await adoptNewRedis({ client: fromNodeRedis(nodeRedis), prefixes: ['paysign:nonce:', 'paysign:callback:', 'p:', 'c:'] });
  rest = await startUpstashRest(nodeRedis);
  upstash = new Upstash({ url: rest.url, token: 'test-token', retry: false });
});

afterAll(async () => {
  await rest?.close();
  await nodeRedis?.quit().catch(() => undefined);
  ioredis?.disconnect();
  await server?.stop();
});

const clients: [string, () => RedisCommands][] = [
  ['node-redis', () => fromNodeRedis(nodeRedis)],
  ['ioredis', () => fromIoredis(ioredis)],
  ['@upstash/redis over REST', () => fromUpstash(upstash)],
];

for (const [name, client] of clients) {
  nonceStoreContract(`Redis (${name})`, () => ({ store: () => createRedisNonceStore({ client: client(), clockSkewMs: 0 }) }));
  callbackStoreContract(`Redis (${name})`, () => ({ store: (options) => createRedisCallbackStore({ client: client(), ...options }), shared: true }));
}

describe('the Redis commands the stores send', () => {
  it('every call is one EVAL of a script over the epoch key and its own key: SET NX PX on the server clock (TIME), a claim under its token, compare-and-set and compare-and-delete', async () => {
    rest.commands.length = 0;
    const client = fromUpstash(upstash);
    const nonces = createRedisNonceStore({ client, prefix: 'p:', clockSkewMs: 0 });
    const expiresAt = Date.now() / 1000 + 2.5;
    expect(await nonces.remember('abc', expiresAt, 'scope')).toBe(true);
    const callbacks = createRedisCallbackStore({ client, prefix: 'c:', leaseMs: 1_234, doneTtlMs: 5_678 });
    const first = await callbacks.claim('k1');
    if (first.state !== 'new') throw new Error('expected a new claim');
    await callbacks.release('k1', first.token);
    const second = await callbacks.claim('k2');
    if (second.state !== 'new') throw new Error('expected a new claim');
    expect(await callbacks.claim('k2')).toEqual({ state: 'pending' });
    await callbacks.complete('k2', second.token);
    const tokens = [first.token, second.token];
    const sent = rest.commands.map((command) => command.map((part) => (tokens.includes(part) ? '<token>' : part)));
    const evals = sent.map(([verb, script, count, ...rest]) => [verb!.toLowerCase(), script!.includes("redis.call('TIME')"), count, ...rest]);
    expect(evals).toEqual([
      ['eval', true, '2', 'p:#epoch', 'p:5:scope:abc', '1201000', String(expiresAt * 1000)],
      ['eval', true, '2', 'c:#epoch', 'c:k1', '1234', '<token>', '1234'],
      ['eval', true, '2', 'c:#epoch', 'c:k1', '1234', '<token>'],
      ['eval', true, '2', 'c:#epoch', 'c:k2', '1234', '<token>', '1234'],
      ['eval', true, '2', 'c:#epoch', 'c:k2', '1234', expect.stringMatching(/^[0-9a-f-]{36}$/), '1234'],
      ['eval', true, '2', 'c:#epoch', 'c:k2', '1234', '<token>', '5678'],
    ]);
    expect(await nodeRedis.get('c:k2')).toBe('done');
    expect(await nodeRedis.pTTL('c:k2')).toBeGreaterThan(5_000);
    // The nonce's time to live is what was left to its expiry on the server's clock.
    expect(await nodeRedis.pTTL('p:5:scope:abc')).toBeGreaterThan(1_500);
    expect(await nodeRedis.pTTL('p:5:scope:abc')).toBeLessThanOrEqual(2_500);
  });

  it('a raw client is refused with a pointer to the wrappers', () => {
    expect(() => createRedisNonceStore({ client: nodeRedis as never })).toThrow(/fromNodeRedis/);
  });
});

const engines: Engine[] = ['node-redis', 'ioredis'];

describe('8 processes at the same instant', () => {
  for (const engine of engines) {
    it(`through ${engine}: exactly one remembers the nonce as new and exactly one claims the callback`, async () => {
      const results = await race(engine, server.url, randomUUID(), randomUUID());
      expect(results.filter((r) => r.nonce === true)).toHaveLength(1);
      expect(results.filter((r) => r.nonce === false)).toHaveLength(7);
      expect(results.filter((r) => r.claim === 'new')).toHaveLength(1);
      expect(results.filter((r) => r.claim === 'pending')).toHaveLength(7);
    });
  }
});

describe('a claimant SIGKILLed holding its claim', () => {
  for (const engine of engines) {
    it(`through ${engine}: the callback is pending until the lease ends, then claimed again by exactly one of 8 processes`, async () => {
      const callback = randomUUID();
      const leaseMs = 2_000;
      const claimedAt = Date.now();
      const dead = await holder(engine, server.url, callback, leaseMs);
      expect(dead.claim).toBe('new');
      await kill(dead.child);
      const store = createRedisCallbackStore({ client: fromNodeRedis(nodeRedis), leaseMs });
      expect((await store.claim(callback)).state).toBe('pending');
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, claimedAt + leaseMs + 500 - Date.now())));
      const results = await race(engine, server.url, randomUUID(), callback, 8, leaseMs);
      expect(results.filter((r) => r.claim === 'new')).toHaveLength(1);
      expect(results.filter((r) => r.claim === 'pending')).toHaveLength(7);
    });
  }
});

describe('the server stopped mid-run', () => {
  it('node-redis, ioredis and @upstash/redis: remember and claim reject with STORE_UNAVAILABLE within the timeout, never "new"', async () => {
    const outage = await startRedis();
    const a = createClient({ url: outage.url, socket: { reconnectStrategy: 100 } });
    a.on('error', () => undefined);
    await a.connect();
    const b = new Ioredis(outage.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    b.on('error', () => undefined);
    await b.connect();
    const front = await startUpstashRest(a as RedisClientType);
    const c = new Upstash({ url: front.url, token: 'test-token', retry: false });
    const wrapped = [fromNodeRedis(a), fromIoredis(b), fromUpstash(c)];
    await adoptNewRedis({ client: wrapped[0]! });
    try {
      for (const client of wrapped) expect(await createRedisNonceStore({ client }).remember(randomUUID(), Date.now() / 1000 + 60, 's')).toBe(true);
      await outage.stop();
      for (const client of wrapped) {
        const nonces = createRedisNonceStore({ client, timeoutMs: 2_000 });
        const callbacks = createRedisCallbackStore({ client, timeoutMs: 2_000 });
        const started = Date.now();
        const outcomes = await Promise.allSettled([nonces.remember(randomUUID(), Date.now() / 1000 + 60, 's'), callbacks.claim(randomUUID())]);
        expect(Date.now() - started).toBeLessThan(2_500);
        for (const outcome of outcomes) {
          expect(outcome.status).toBe('rejected');
          const reason = (outcome as PromiseRejectedResult).reason as Error & { code?: string };
          expect([isStoreError(reason), reason.code]).toEqual([true, 'STORE_UNAVAILABLE']);
        }
      }
    } finally {
      await front.close();
      await a.disconnect().catch(() => undefined);
      b.disconnect();
    }
  });
});
