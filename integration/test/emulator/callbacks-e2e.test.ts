// End to end over real HTTP: a recurring payment from its first charge to `stop`, callbacks to a
// receiver built on @paysign/gateway's createCallbackHandler that fails the first two deliveries.
import type { AddressInfo } from 'node:net';
import { serve as serveNode } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { createCallbackHandler, type GatewayCallback } from '@paysign/gateway';
import type { Life } from '../../../packages/emulator/test/recurring/helpers.js';
import { merchant } from '../../../packages/emulator/test/recurring/helpers.js';

let emulator: RunningEmulator;
let receiver: ReturnType<typeof serveNode>;
let receiverUrl: string;
const received: GatewayCallback[] = [];
const deliveries: string[] = [];
let failuresLeft = 2;

beforeAll(async () => {
  const handler = createCallbackHandler({
    controlKey: merchant.controlKey,
    findOrder: (merchantOrder) => (merchantOrder === 'order-e2e' ? { amount: '19.99' } : undefined),
    onCallback: async (callback) => {
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error('the merchant database is down');
      }
      received.push(callback);
    },
  });
  receiver = await new Promise((resolve) => {
    const started = serveNode(
      {
        fetch: async (request: Request) => {
          deliveries.push(request.url);
          return handler(request);
        },
        hostname: '127.0.0.1',
        port: 0,
      },
      () => resolve(started),
    );
  });
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callbacks`;
  emulator = await serve({ merchants: [merchant], clock: 'virtual', today: '30.01.2030', callbackAttempts: 5, callbackBackoffMs: 1, log: () => {}, seed: 1 });
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    ...(body !== undefined && { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  return { status: response.status, json: (await response.json()) as any };
}

describe('a recurring payment from first charge to stop, with callbacks (over HTTP)', () => {
  it('charges monthly on the anchor day, stops at max-repeats-number, and every charge is called back once', async () => {
    const created = await call('POST', '/emulator/recurring-payments', {
      'recurring-payment-id': 'rp-e2e',
      'client-orderid': 'order-e2e',
      'credit-card-number': '4111111111111111',
      ssn: '078-05-1120',
      email: 'payer@example.com',
      amount: '19.99',
      period: 'month',
      interval: 1,
      'start-date': '31.01.2030',
      'max-repeats-number': 3,
      type: 'SRC',
      server_callback_url: receiverUrl,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ state: 'active', currentRepeatsNumber: 0, charges: [] });

    const first = await call('POST', '/emulator/clock', { advanceDays: 1 });
    expect(first.json.today).toBe('31.01.2030');
    expect(first.json.charges).toEqual([
      { recurringPaymentId: 'rp-e2e', index: 0, date: '31.01.2030', amount: '19.99', status: 'approved', orderid: expect.any(String) },
    ]);
    // The first charge's callback fails twice and is retried before the next charges exist.
    await emulator.emulator.recurring.callbacksSettled();
    expect(failuresLeft).toBe(0);
    const rest = await call('POST', '/emulator/clock', { today: '30.04.2030' });
    // max-repeats-number 3 is the last charge's index (the spec, line 52: "Maximum repeat index;
    // the first charge has index 0"): four charges, the last on 30.04.
    expect(rest.json.charges.map((charge: { date: string }) => charge.date)).toEqual(['28.02.2030', '31.03.2030', '30.04.2030']);
    await emulator.emulator.recurring.callbacksSettled();

    const life = (await call('GET', '/emulator/recurring-payments/rp-e2e')).json as Life;
    expect(life.state).toBe('stop');
    expect(life.currentRepeatsNumber).toBe(4);
    expect(life.charges.map((charge) => charge.index)).toEqual([0, 1, 2, 3]);
    // The first delivery failed twice (500) and was retried; every callback ends delivered.
    expect(life.callbacks.map((callback) => [callback.attempts, callback.lastStatus, callback.state])).toEqual([
      [3, 200, 'delivered'],
      [1, 200, 'delivered'],
      [1, 200, 'delivered'],
      [1, 200, 'delivered'],
    ]);
    expect(life.callbacks[0]?.url).toBe(receiverUrl);
    // One onCallback per charge (the retried first one arrives last).
    expect(received.map((callback) => callback.orderid).sort()).toEqual(life.charges.map((charge) => charge.orderid).sort());
    expect(received.map((callback) => [callback.status, callback.merchantOrder, callback.unverified.type, callback.unverified.amount])).toEqual([
      ['approved', 'order-e2e', 'sale', '19.99'],
      ['approved', 'order-e2e', 'sale', '19.99'],
      ['approved', 'order-e2e', 'sale', '19.99'],
      ['approved', 'order-e2e', 'sale', '19.99'],
    ]);
    // No card number, SSN or e-mail in the admin view.
    const text = JSON.stringify(life);
    for (const secret of ['4111111111111111', '078-05-1120', 'payer@example.com']) expect(text).not.toContain(secret);
    expect(life.fields['credit-card-number']).toBe('411111******1111');

    // Stopped: a year later, nothing more is charged.
    const later = await call('POST', '/emulator/clock', { advanceDays: 365 });
    expect(later.json.charges).toEqual([]);
  });

  it('a replayed callback is answered 200 without a second onCallback; a forged one gets 403', async () => {
    const delivered = deliveries.at(-1) as string;
    const before = received.length;
    const replay = await fetch(delivered);
    expect(replay.status).toBe(200);
    expect(received.length).toBe(before);
    const forged = new URL(delivered);
    forged.searchParams.set('status', 'declined');
    expect((await fetch(forged)).status).toBe(403);
    const unsigned = new URL(delivered);
    unsigned.searchParams.delete('control');
    expect((await fetch(unsigned)).status).toBe(403);
    expect(received.length).toBe(before);
  });
});
