// Orders across a restart on the same --state directory: a transfer still `processing` when the
// emulator stopped is decided after the restart and calls back once; a callback the app could not
// take before the stop (app down) is resumed after it, from the attempt it had reached, and
// delivered once the app is up. Real HTTP, a real receiver, the database read with lmdb itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStateDirectory, serve, type RunningEmulator, type StateDirectory } from '@paysign/emulator/node';
import { handSign, readReply } from '../independent-signer.js';
import { readStateDatabase } from './read-state-db.js';

const controlKey = 'control-key';
let root: string;
let receiver: Server;
let callbackUrl: string;
/** What the app answers: 503 while it is "down". */
let answer = 200;
const arrivals: URLSearchParams[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-orders-state-'));
  receiver = createServer((request, response) => {
    arrivals.push(new URL(request.url ?? '/', 'http://x').searchParams);
    response.writeHead(answer).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callbacks?token=t`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await rm(root, { recursive: true, force: true });
});

async function start(dir: string, outcomeDelayMs: number, callbackBackoffMs = 100): Promise<{ server: RunningEmulator; state: StateDirectory }> {
  const state = await openStateDirectory(dir);
  const server = await serve({
    merchants: [{ login: 'merchant', controlKey, endpointIds: ['1234'], currency: 'EUR', callbackUrl }],
    outcomeDelayMs,
    callbackAttempts: 10,
    callbackBackoffMs,
    log: () => {},
    state,
  });
  return { server, state };
}
// As `paysign emulator` stops: what changed since the last write (a callback's progress) is written first.
async function stop({ server, state }: { server: RunningEmulator; state: StateDirectory }): Promise<void> {
  await server.emulator.persist();
  await server.close();
  await state.close();
}

async function transfer(server: RunningEmulator, merchantOrderId: string): Promise<string> {
  const url = `${server.url}/payment/api/v4/transfer/1234`;
  const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey }, [
    ['client_orderid', merchantOrderId],
    ['amount', '10.00'],
    ['currency', 'EUR'],
    ['credit_card_number', '4111111111111111'],
    ['expire_month', '12'],
    ['expire_year', '2031'],
    ['destination-card-no', '5555555555554444'],
  ]);
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: signed.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: signed.body,
  });
  expect(response.status).toBe(200);
  return readReply(await response.text())['paynet-order-id'] as string;
}

const order = async (server: RunningEmulator, orderid: string) => (await (await fetch(`${server.url}/emulator/orders/${orderid}`)).json()) as any;
// Each test's emulator numbers its orders from 1: a callback is told apart by the merchant's order id too.
const arrived = (orderid: string, merchantOrderId: string) =>
  arrivals.filter((query) => query.get('orderid') === orderid && query.get('merchant_order') === merchantOrderId);

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('orders of transfers across a restart (--state)', () => {
  it('a transfer still processing at the stop is decided after the restart and calls back once', async () => {
    const dir = join(root, 'processing');
    // Decided 3 s after it is placed: the stop comes well before, even on a loaded machine.
    const first = await start(dir, 3000);
    const orderid = await transfer(first.server, 'o-processing');
    expect((await order(first.server, orderid)).status).toBe('processing');
    await stop(first);
    // Kept in the database as processing, with the time its outcome is due.
    const stored = await readStateDatabase(dir);
    expect(stored.orders).toEqual([
      expect.objectContaining({ orderid, operation: 'transfer', status: 'processing', merchantOrderId: 'o-processing', login: 'merchant' }),
    ]);
    expect(stored.orders[0]?.decideAt).toBeGreaterThan(Date.now() - 5_000);
    expect(stored.bytes.includes('4111111111111111')).toBe(false);
    expect(arrived(orderid, 'o-processing')).toEqual([]);

    const second = await start(dir, 3000);
    try {
      expect((await order(second.server, orderid)).status).toBe('processing');
      await until(async () => (await order(second.server, orderid)).callbacks[0]?.state === 'delivered', 'the callback after the restart');
      expect(arrived(orderid, 'o-processing').map((query) => query.get('status'))).toEqual(['approved']);
      expect(arrived(orderid, 'o-processing')[0]?.get('merchant_order')).toBe('o-processing');
    } finally {
      await stop(second);
    }
    const after = await readStateDatabase(dir);
    expect(after.orders).toEqual([
      expect.objectContaining({ orderid, status: 'approved', callbacks: [expect.objectContaining({ state: 'delivered', lastStatus: 200, attempts: 1 })] }),
    ]);
    // A delivered callback keeps no address with its signed query.
    expect(after.orders[0]?.callbacks[0]).not.toHaveProperty('target');
  });

  it('a callback the app refused before the stop is resumed after the restart and delivered once the app is up', async () => {
    const dir = join(root, 'app-down');
    answer = 503;
    // Retries 1 s apart: the stop comes between two attempts, none in flight.
    const first = await start(dir, 0, 1000);
    const orderid = await transfer(first.server, 'o-app-down');
    // An attempt counts when it starts; it is over, and the next one timed, once the delivery
    // shows `nextAttemptAt` (the second's 503 read, not the first's while the second is under way).
    await until(async () => {
      const delivery = (await order(first.server, orderid)).callbacks[0];
      return delivery?.attempts === 2 && delivery.lastStatus === 503 && delivery.nextAttemptAt !== undefined;
    }, 'two refused attempts');
    await stop(first);
    const refused = arrived(orderid, 'o-app-down').length;
    const stored = await readStateDatabase(dir);
    const kept = stored.orders[0]?.callbacks[0];
    expect(kept).toMatchObject({ state: 'pending', lastStatus: 503 });
    expect(kept?.attempts).toBe(refused);
    // The full address is kept while the callback is pending: the resumed attempt is the same request.
    expect(kept?.target).toBe(`${callbackUrl.split('?')[0]}?${new URL(kept?.target as string).searchParams}`);
    expect(new URL(kept?.target as string).searchParams.get('token')).toBe('t');

    answer = 200;
    const second = await start(dir, 0);
    try {
      await until(async () => (await order(second.server, orderid)).callbacks[0]?.state === 'delivered', 'the resumed callback');
      const view = await order(second.server, orderid);
      expect(view.status).toBe('approved');
      expect(view.callbacks).toHaveLength(1);
      expect(view.callbacks[0]).toMatchObject({ state: 'delivered', lastStatus: 200, attempts: refused + 1 });
      // The signed address is the state's, never the admin API's: the view shows the URL without its query.
      expect(view.callbacks[0]).not.toHaveProperty('target');
      expect(view.callbacks[0].url).toBe(callbackUrl.split('?')[0]);
      const taken = arrived(orderid, 'o-app-down').slice(refused);
      expect(taken).toHaveLength(1);
      // The same signed callback as the refused ones.
      expect(taken[0]?.toString()).toBe(arrived(orderid, 'o-app-down')[0]?.toString());
    } finally {
      await stop(second);
    }
  });
});
