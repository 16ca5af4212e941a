// `pnpm --filter @paysign/bench bench:stores [--claims=N] [--requests=N] [--concurrency=N] [--out=FILE]`:
// the shared stores of @paysign/stores on loopback, against the in-memory stores in the same run.
// 1. Claim latency: `claims` sequential `claim`s of fresh callback keys (and `remember`s of fresh
//    nonces) per store, each timed alone: p50 and p99 in microseconds.
// 2. Verifier throughput: `requests` distinct HMAC-SHA1 requests, signed beforehand, verified by
//    oauth-core's createVerifier with each nonce store, `concurrency` at a time: verifications per
//    second, and that as a ratio of the memory store's in the same run. `rounds` rounds (default 3),
//    the stores interleaved within each, after a warm-up round; the median round counts.
// The servers are real and local: redis-server and PostgreSQL started by scripts/services/servers.mjs
// on free loopback ports (`pnpm services:ensure` installs them). Run by hand after `pnpm build`; the
// packages are loaded from their dist/. Writes a Markdown section to `--out` (default
// bench/results/stores.md).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createMemoryCallbackStore } from '@paysign/gateway';
import { createMemoryNonceStore, createSigner, createVerifier } from '@paysign/oauth-core';
import { createPostgresCallbackStore, createPostgresNonceStore } from '@paysign/stores/postgres';
import { adoptNewRedis, createRedisCallbackStore, createRedisNonceStore, fromIoredis, fromNodeRedis } from '@paysign/stores/redis';
import { Redis as Ioredis } from 'ioredis';
import pg from 'pg';
import { createClient } from 'redis';
import { startPostgres, startRedis } from '../../../scripts/services/servers.mjs';

const argument = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const claims = argument('claims', 5_000);
const requests = argument('requests', 5_000);
const concurrency = argument('concurrency', 32);
const rounds = argument('rounds', 3);
const out = process.argv.find((a) => a.startsWith('--out='))?.slice(6) ?? fileURLToPath(new URL('../../results/stores.md', import.meta.url));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
let counter = 0;
const fresh = () => `bench-${process.pid}-${++counter}`;

/** Times `count` sequential calls, each alone; returns p50 and p99 in microseconds. */
async function latency(count, call) {
  for (let i = 0; i < Math.min(200, count); i++) await call(); // warm-up: connections, table creation, JIT
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await call();
    times[i] = Number(process.hrtime.bigint() - start) / 1_000;
  }
  times.sort();
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const CONTROL_KEY = 'bench-control-key';
const signer = createSigner({ consumerKey: 'bench', consumerSecret: CONTROL_KEY, signatureMethod: 'HMAC-SHA1' });
async function signedRequests(count) {
  const list = [];
  for (let i = 0; i < count; i++) {
    const signed = await signer.sign({
      url: 'https://sandbox.gate.example/payment/api/v2/pan-eligibility/send/1',
      params: { 'client-order-id': `o-${i}`, 'sending-card-ref-id': 'ref-9' },
    });
    list.push({ method: signed.method, url: signed.url, authorization: signed.headers.Authorization ?? signed.headers.authorization, body: signed.body });
  }
  return list;
}

/** Verifies every request once, `concurrency` at a time; returns verifications per second. */
async function throughput(nonceStore, list) {
  const verifier = createVerifier({ lookup: () => ({ consumerSecret: CONTROL_KEY }), nonceStore });
  let next = 0;
  let refused = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const result = await verifier.verify(list[next++]);
        if (!result.ok) refused++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  if (refused > 0) throw new Error(`${refused} of ${list.length} fresh requests were refused`);
  return list.length / seconds;
}

const redisServer = await startRedis();
const postgresServer = await startPostgres();
const nodeRedis = createClient({ url: redisServer.url });
nodeRedis.on('error', () => undefined);
await nodeRedis.connect();
await adoptNewRedis({ client: fromNodeRedis(nodeRedis) }); // a server started here is new: no quarantine
const ioredis = new Ioredis(redisServer.url);
await new Promise((resolve) => ioredis.once('ready', resolve));
const pool = new pg.Pool({ connectionString: postgresServer.connectionString, max: concurrency });

const stores = [
  {
    name: 'memory',
    nonces: () => createMemoryNonceStore({ maxEntries: 10_000_000, maxEntriesPerScope: 10_000_000 }),
    callbacks: () => createMemoryCallbackStore(),
  },
  {
    name: 'Redis (node-redis)',
    nonces: () => createRedisNonceStore({ client: fromNodeRedis(nodeRedis) }),
    callbacks: () => createRedisCallbackStore({ client: fromNodeRedis(nodeRedis) }),
  },
  {
    name: 'Redis (ioredis)',
    nonces: () => createRedisNonceStore({ client: fromIoredis(ioredis) }),
    callbacks: () => createRedisCallbackStore({ client: fromIoredis(ioredis) }),
  },
  { name: 'PostgreSQL (pg)', nonces: () => createPostgresNonceStore({ pool }), callbacks: () => createPostgresCallbackStore({ pool }) },
];

const rows = stores.map((store) => ({ name: store.name, samples: [] }));
try {
  for (const [i, store] of stores.entries()) {
    process.stderr.write(`${store.name}: latency\n`);
    const callbacks = store.callbacks();
    const nonces = store.nonces();
    rows[i].claim = await latency(claims, () => callbacks.claim(fresh()));
    rows[i].remember = await latency(claims, () => nonces.remember(fresh(), Date.now() / 1000 + 300, 'bench'));
  }
  for (let round = 0; round <= rounds; round++) {
    for (const [i, store] of stores.entries()) {
      process.stderr.write(`${store.name}: verifier throughput, ${round === 0 ? 'warm-up' : `round ${round}`}\n`);
      const perSecond = await throughput(store.nonces(), await signedRequests(round === 0 ? Math.min(requests, 500) : requests));
      if (round > 0) rows[i].samples.push(perSecond);
    }
  }
  for (const row of rows) row.perSecond = row.samples.sort((a, b) => a - b)[Math.floor(row.samples.length / 2)];
} finally {
  await nodeRedis.quit().catch(() => undefined);
  ioredis.disconnect();
  await pool.end().catch(() => undefined);
  await redisServer.stop();
  await postgresServer.stop();
}

const memory = rows[0].perSecond;
const us = (n) => Math.round(n).toLocaleString('en-US');
const lines = [
  `stores on loopback, ${claims} sequential calls per latency figure, ${requests} HMAC-SHA1 requests verified ${concurrency} at a time (median of ${rounds} interleaved rounds); ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores (${cpus()[0]?.model.trim()}), load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} at the end, Node ${process.version}`,
  '',
  '| store | claim p50 (µs) | claim p99 (µs) | remember p50 (µs) | remember p99 (µs) | verifications/s | ratio of memory |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${us(r.claim.p50)} | ${us(r.claim.p99)} | ${us(r.remember.p50)} | ${us(r.remember.p99)} | ${us(r.perSecond)} | ${(r.perSecond / memory).toFixed(2)} |`,
  ),
  '',
];
writeFileSync(out, `${lines.join('\n')}`);
process.stdout.write(lines.join('\n'));
