import pg from 'pg';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis as Upstash } from '@upstash/redis';
import { createSigningProxy, signCallerRequest } from '@paysign/edge';
import { createVercelHandler } from '@paysign/edge/vercel';
import { createEmulator } from '@paysign/emulator';
import type { NonceStore } from '@paysign/oauth-core';
import { createPostgresNonceStore } from '@paysign/stores/postgres';
import { adoptNewRedis, createRedisNonceStore, fromNodeRedis, fromUpstash } from '@paysign/stores/redis';
import { type PostgresServer, type RedisServer, startPostgres, startRedis } from './_servers.js';
import { startUpstashRest, type UpstashRest } from './_upstash-rest.js';

// The stores where users put them: the emulator (its createVerifier) and the edge proxy's Vercel
// entry, each as two instances sharing one real engine: a signed request is accepted by one of them, once.

const CONTROL_KEY = 'control-key-for-the-stores-consumer-test';
const CALLER_SECRET = 'caller-secret-for-the-stores-consumer-test';
const LOGIN = 'merchant';
const ENDPOINT = '1234';
const TRANSFER = `/payment/api/v4/transfer/${ENDPOINT}`;
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const transfer = (order: string) =>
  new URLSearchParams({
    client_orderid: order,
    amount: '1.00',
    currency: 'EUR',
    card_recurring_payment_id: 's-1',
    destination_card_recurring_payment_id: 'd-1',
  }).toString();

let redisServer: RedisServer;
let postgresServer: PostgresServer;
let redis: RedisClientType;
let rest: UpstashRest;
let pool: pg.Pool;

beforeAll(async () => {
  [redisServer, postgresServer] = await Promise.all([startRedis(), startPostgres()]);
  redis = createClient({ url: redisServer.url });
  redis.on('error', () => undefined);
  await redis.connect();
  await adoptNewRedis({ client: fromNodeRedis(redis) }); // a server started here is new
  rest = await startUpstashRest(redis);
  pool = new pg.Pool({ connectionString: postgresServer.connectionString });
});

afterAll(async () => {
  await rest?.close();
  await redis?.quit().catch(() => undefined);
  await pool?.end().catch(() => undefined);
  await Promise.all([redisServer?.stop(), postgresServer?.stop()]);
});

const emulator = (nonceStore?: NonceStore) =>
  createEmulator({
    merchants: [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: [ENDPOINT], currency: 'EUR' }],
    log: () => undefined,
    ...(nonceStore ? { nonceStore } : {}),
  });

describe('two emulators sharing a PostgreSQL or Redis nonce store (their createVerifier)', () => {
  for (const [name, store] of [
    ['PostgreSQL', () => createPostgresNonceStore({ pool })],
    ['Redis', () => createRedisNonceStore({ client: fromNodeRedis(redis) })],
  ] as const) {
    it(`${name}: a request signed once is executed by one of them, and its copy refused by the other`, async () => {
      const [a, b] = [emulator(store()), emulator(store())];
      // The proxy signs with oauth-core (HMAC-SHA1); its upstream request is captured and sent to both.
      let signed: Request | undefined;
      const proxy = createSigningProxy({
        gatewayUrl: 'https://sandbox.gate.example',
        merchant: { login: LOGIN, signatureMethod: 'HMAC-SHA1', controlKey: CONTROL_KEY },
        callers: { bearerTokens: ['caller-token-for-the-stores-consumer-test'] },
        allow: { transfer: [ENDPOINT] },
        fetch: async (request) => {
          signed = request.clone();
          return a.fetch(request);
        },
      });
      const first = await proxy.fetch(
        new Request(`https://proxy.example${TRANSFER}`, {
          method: 'POST',
          headers: { ...form, Authorization: 'Bearer caller-token-for-the-stores-consumer-test' },
          body: transfer(`o-${name}`),
        }),
      );
      expect([first.status, (await first.text()).slice(0, 5)]).toEqual([200, 'type=']);
      // Refused as the gateway refuses a bad signature (403, empty body) because the nonce is shared:
      // an emulator with a store of its own accepts the very same copy.
      const copy = await b.fetch(signed!.clone());
      expect([copy.status, await copy.text()]).toEqual([403, '']);
      const alone = await emulator().fetch(signed!);
      expect(alone.status).toBe(200);
    });
  }
});

describe("two instances of the edge proxy's Vercel entry sharing Redis", () => {
  it('through @upstash/redis (over a local REST front) and node-redis: a signed transfer is forwarded once, its copy refused 401 by the other instance', async () => {
    Object.assign(process.env, {
      PAYSIGN_GATEWAY_URL: 'https://sandbox.gate.example',
      PAYSIGN_MERCHANT_LOGIN: LOGIN,
      PAYSIGN_CONTROL_KEY: CONTROL_KEY,
      PAYSIGN_CALLER_HMAC_SECRETS: CALLER_SECRET,
      PAYSIGN_ALLOW: JSON.stringify({ transfer: [ENDPOINT] }),
    });
    const gateway = emulator();
    let forwarded = 0;
    const upstream = async (request: Request) => {
      forwarded++;
      return gateway.fetch(request);
    };
    const upstash = new Upstash({ url: rest.url, token: 'test-token', retry: false });
    const instances = [
      createVercelHandler({ nonceStore: createRedisNonceStore({ client: fromUpstash(upstash) }), fetch: upstream }),
      createVercelHandler({ nonceStore: createRedisNonceStore({ client: fromNodeRedis(redis) }), fetch: upstream }),
    ];
    const url = `https://proxy.example${TRANSFER}`;
    const body = transfer('o-vercel');
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_SECRET, url, body })) };
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => instances[i % 2]!(new Request(url, { method: 'POST', headers, body })).then(async (r) => (await r.text(), r.status))),
    );
    expect(statuses.sort()).toEqual([200, 401, 401, 401, 401, 401]);
    expect(forwarded).toBe(1);
  });
});
