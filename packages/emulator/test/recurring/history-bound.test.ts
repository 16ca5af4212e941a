// Issue #36 item 3: a payment's history is bounded, evicting only what is final. A daily payment
// run for 150 days keeps its newest MAX_CHARGES_KEPT charges; while a receiver holds every
// callback open (each still owed), nothing is dropped, and once they are delivered the next
// charge drops the oldest down to the bound.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_CHARGES_KEPT } from '@paysign/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, advance, create, life, virtualEmulator } from './helpers.js';

const DAYS = 150;
const daily = (id: string, extra: Record<string, string> = {}) => ({
  'recurring-payment-id': id,
  amount: '1.00',
  currency: 'EUR',
  period: 'day',
  interval: '1',
  'start-date': '02.01.2030',
  ...extra,
});

describe("a payment's history is bounded", () => {
  it(`a daily payment run for ${DAYS} days keeps its newest ${MAX_CHARGES_KEPT} charges; the older order ids are forgotten`, async () => {
    const emulator = virtualEmulator('01.01.2030');
    expect((await create(emulator, daily('rp-1'))).status).toBeLessThan(300);
    const { json } = await advance(emulator, DAYS);
    expect(json.charges).toHaveLength(DAYS);
    const kept = await life(emulator, 'rp-1');
    expect(kept.currentRepeatsNumber).toBe(DAYS);
    expect(kept.charges).toHaveLength(MAX_CHARGES_KEPT);
    expect(kept.charges.map((charge) => charge.index)).toEqual(Array.from({ length: MAX_CHARGES_KEPT }, (_, i) => DAYS - MAX_CHARGES_KEPT + i));
    const forgotten = json.charges[0].orderid as string;
    expect(kept.charges.some((charge) => charge.orderid === forgotten)).toBe(false);
    // The newest charge is still the admin API's to change; a forgotten one is unknown.
    const newest = kept.charges.at(-1)!.orderid;
    expect((await admin(emulator, 'POST', `/emulator/orders/${newest}/outcome`, { outcome: 'declined' })).status).toBe(200);
    expect((await admin(emulator, 'POST', `/emulator/orders/${forgotten}/outcome`, { outcome: 'declined' })).status).toBe(404);
  });

  describe('with every callback held open by its receiver', () => {
    let receiver: Server;
    let base = '';
    const held: ServerResponse[] = [];
    beforeAll(async () => {
      receiver = createServer((_request, response) => void held.push(response));
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    });

    it('keeps every charge still owed a callback, and drops the oldest once they are delivered', async () => {
      const emulator = virtualEmulator('01.01.2030', { callbackAttempts: 1, maxCallbacksInFlight: 1000 });
      await create(emulator, daily('rp-2', { server_callback_url: `${base}/callback` }));
      await advance(emulator, DAYS);
      while (held.length < DAYS) await new Promise((resolve) => setTimeout(resolve, 10));
      const owed = await life(emulator, 'rp-2');
      expect(owed.charges).toHaveLength(DAYS);
      expect(owed.callbacks.filter((delivery) => delivery.state === 'pending')).toHaveLength(DAYS);

      for (const response of held.splice(0)) response.writeHead(200).end('OK');
      await emulator.recurring.callbacksSettled();
      expect((await life(emulator, 'rp-2')).callbacks.every((delivery) => delivery.state === 'delivered')).toBe(true);
      // The next charge owes a callback too (held), and the delivered ones past the bound go.
      await advance(emulator, 1);
      const after = await life(emulator, 'rp-2');
      expect(after.charges).toHaveLength(MAX_CHARGES_KEPT);
      expect(after.charges.at(-1)!.index).toBe(DAYS);
      expect(after.callbacks.every((delivery) => after.charges.some((charge) => charge.orderid === delivery.orderid))).toBe(true);
      for (const response of held.splice(0)) response.writeHead(200).end('OK');
      await emulator.recurring.callbacksSettled();
    });
  });
});
