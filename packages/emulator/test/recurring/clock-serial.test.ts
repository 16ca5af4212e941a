// Issue #19, low item: four concurrent `advanceDays: 1` moved the clock one day only (each read
// "today" before the others had moved it). Clock steps are serialised: four steps, four days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { merchant } from './helpers.js';

// Daily payments with a callback address: signing each charge's callback (WebCrypto) hands the
// event loop to the other requests while a step is under way, as a real step with callbacks does.
// Port 9 (discard) refuses the deliveries; one attempt each.
const PAYMENTS = 200;
const profiles = Array.from({ length: PAYMENTS }, (_, index) => ({
  'recurring-payment-id': `rp-${index}`,
  amount: '1.00',
  period: 'day',
  interval: '1',
  'start-date': '02.03.2030',
  server_callback_url: 'http://127.0.0.1:9/callback',
}));

let server: RunningEmulator;
beforeAll(async () => {
  server = await serve({ merchants: [merchant], profiles, clock: 'virtual', today: '01.03.2030', log: () => {}, seed: 3, callbackAttempts: 1 });
});
afterAll(() => server.close());

const step = async (body: unknown) =>
  (await (
    await fetch(`${server.url}/emulator/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  ).json()) as { today: string; charges: { recurringPaymentId: string; date: string }[] };

describe('clock steps over HTTP are serialised', () => {
  it('4 concurrent advanceDays: 1 move the clock 4 days, each reply a different day, each day charged once', async () => {
    const replies = await Promise.all([1, 2, 3, 4].map(() => step({ advanceDays: 1 })));
    const days = ['02.03.2030', '03.03.2030', '04.03.2030', '05.03.2030'];
    expect(replies.map((reply) => reply.today).sort()).toEqual(days);
    // Each step charged every payment on the day it reached, and no day twice.
    for (const reply of replies) {
      expect(reply.charges).toHaveLength(PAYMENTS);
      expect(new Set(reply.charges.map((charge) => charge.date))).toEqual(new Set([reply.today]));
    }
    const clock = (await (await fetch(`${server.url}/emulator/clock`)).json()) as { today: string };
    expect(clock.today).toBe('05.03.2030');
    const life = (await (await fetch(`${server.url}/emulator/recurring-payments/rp-0`)).json()) as { charges: { date: string }[] };
    expect(life.charges.map((charge) => charge.date)).toEqual(days);
  });
});
