// Issue #19, low item: the emulator's callbacks go to any host and port, and nothing capped how
// many were open at once. With `maxCallbacksInFlight: N` and N + k callbacks due to a receiver that
// holds every request, at most N requests are open at once; the rest are delivered after.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { merchant, type Life } from './helpers.js';

const CAP = 2;
const DUE = CAP + 3;

let emulator: RunningEmulator;
let receiver: Server;
let base: string;
const held: ServerResponse[] = [];
let open = 0;
let mostOpen = 0;
let arrivals = 0;
let onArrival: () => void = () => {};

beforeAll(async () => {
  // A slow receiver: every request is held open until the test answers it.
  receiver = createServer((_request, response) => {
    open++;
    arrivals++;
    mostOpen = Math.max(mostOpen, open);
    held.push(response);
    onArrival();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  emulator = await serve({ merchants: [merchant], clock: 'virtual', today: '01.01.2030', callbackAttempts: 1, maxCallbacksInFlight: CAP, log: () => {} });
});
afterAll(async () => {
  await emulator.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const post = async (path: string, body: unknown) =>
  (
    await fetch(`${emulator.url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })
  ).json() as Promise<any>;
/** Resolves once `count` requests have arrived at the receiver in all. */
const arrived = (count: number) =>
  new Promise<void>((resolve) => {
    onArrival = () => arrivals >= count && resolve();
    onArrival();
  });

describe('callbacks in flight are capped (over HTTP)', () => {
  it(`with maxCallbacksInFlight ${CAP} and ${DUE} callbacks due to a receiver that holds them, at most ${CAP} are open at once, all delivered`, async () => {
    for (let index = 0; index < DUE; index++) {
      await post('/emulator/recurring-payments', {
        'recurring-payment-id': `rp-${index}`,
        amount: '1.00',
        period: 'day',
        interval: 1,
        'start-date': '02.01.2030',
        'max-repeats-number': 1,
        server_callback_url: `${base}/slow/${index}`,
      });
    }
    expect((await post('/emulator/clock', { advanceDays: 1 })).charges).toHaveLength(DUE);
    // Answer one held request at a time, only once CAP are open: had more been sent at once, they would all be open here.
    for (let answered = 0; answered < DUE; answered++) {
      await arrived(Math.min(DUE, answered + CAP));
      expect(open).toBeLessThanOrEqual(CAP);
      open--;
      held[answered]!.writeHead(200).end('OK');
    }
    await emulator.emulator.recurring.callbacksSettled();
    expect(arrivals).toBe(DUE);
    expect(mostOpen).toBe(CAP);
    for (let index = 0; index < DUE; index++) {
      const life = (await (await fetch(`${emulator.url}/emulator/recurring-payments/rp-${index}`)).json()) as Life;
      expect(life.callbacks).toMatchObject([{ attempts: 1, lastStatus: 200, state: 'delivered' }]);
    }
  });

  it('the cap is a positive whole number', async () => {
    for (const maxCallbacksInFlight of [0, -1, 1.5, Number.NaN]) {
      await expect(serve({ merchants: [merchant], maxCallbacksInFlight })).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
        message: 'maxCallbacksInFlight must be a positive integer',
      });
    }
  });
});
