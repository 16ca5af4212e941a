// Issue #36 item 3: the order book is bounded, and forgets only what is final and delivered: an
// order whose callback is still owed (its receiver down, a retry waiting) is kept past the cap.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '@paysign/emulator';

let up: Server;
let upUrl: string;
beforeAll(async () => {
  up = createServer((_request, response) => response.end('OK'));
  await new Promise<void>((resolve) => up.listen(0, '127.0.0.1', resolve));
  upUrl = `http://127.0.0.1:${(up.address() as AddressInfo).port}/cb`;
});
afterAll(() => new Promise((resolve) => up.close(resolve)));

describe('the order book, bounded', () => {
  it('past its capacity it forgets the oldest delivered orders, never one still owed a callback', async () => {
    const emulator = createEmulator({
      // Port 9 on loopback: nothing listens, the callback fails and waits a minute for its retry.
      merchants: [
        { login: 'down', controlKey: 'key', endpointIds: ['1'], callbackUrl: 'http://127.0.0.1:9/cb' },
        { login: 'up', controlKey: 'key', endpointIds: ['2'], callbackUrl: upUrl },
      ],
      outcomeDelayMs: 0,
      callbackAttempts: 30,
      callbackBackoffMs: 60_000,
      maxOrders: 3,
      log: () => {},
    });
    const { orders } = emulator;
    orders.open({ orderid: 'owed', operation: 'transfer', merchantOrderId: 'm-owed', login: 'down' });
    await orders.decided();
    await expect.poll(() => orders.get('owed')?.callbacks[0]?.attempts, { timeout: 5000 }).toBe(1);
    for (let n = 1; n <= 6; n++) {
      orders.open({ orderid: `o-${n}`, operation: 'transfer', merchantOrderId: `m-${n}`, login: 'up' });
      await orders.decided();
      await expect.poll(() => orders.get(`o-${n}`)?.callbacks[0]?.state, { timeout: 5000 }).toBe('delivered');
    }
    // The owed order stays; of the delivered ones only the newest fit the cap.
    expect(orders.get('owed')?.callbacks[0]?.state).toBe('pending');
    expect(orders.list(10).map((order) => order.orderid)).toEqual(['o-6', 'o-5', 'owed']);
    emulator.stop();
  }, 30_000);
});

describe("an order's deliveries, bounded", () => {
  it('past MAX_DELIVERIES_KEPT the oldest delivered ones go, the newest kept', async () => {
    const { MAX_DELIVERIES_KEPT } = await import('../../src/orders/order-callback.js');
    const emulator = createEmulator({
      merchants: [{ login: 'up', controlKey: 'key', endpointIds: ['2'], callbackUrl: upUrl }],
      outcomeDelayMs: 0,
      callbackAttempts: 3,
      callbackBackoffMs: 60_000,
      maxOrders: 10,
      log: () => {},
    });
    const { orders } = emulator;
    orders.open({ orderid: 'again', operation: 'transfer', merchantOrderId: 'm-again', login: 'up' });
    await orders.decided();
    for (let n = 0; n < MAX_DELIVERIES_KEPT + 5; n++) {
      await expect.poll(() => orders.get('again')?.callbacks.at(-1)?.state, { timeout: 5000 }).toBe('delivered');
      expect(await orders.resend('again')).toBe(true);
    }
    await expect.poll(() => orders.get('again')?.callbacks.at(-1)?.state, { timeout: 5000 }).toBe('delivered');
    expect(orders.get('again')?.callbacks).toHaveLength(MAX_DELIVERIES_KEPT);
    emulator.stop();
  }, 60_000);
});
