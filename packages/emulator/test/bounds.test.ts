// Issue #36 item 3: the emulator's memory is bounded by its options. maxOrders: past it the oldest
// final orders go, one still processing never; maxRequestLogBytes: the inspector drops its oldest
// requests (counted) and keeps the newest. Bad values are refused by name.
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, EmulatorError } from '@paysign/emulator';
import { handSign } from './independent-signer.js';

const hmac = { method: 'HMAC-SHA1', controlKey: 'bound-key' } as const;
const merchants = [{ login: 'merchant', controlKey: hmac.controlKey, endpointIds: ['1'] }];
const URL_ = 'http://127.0.0.1/payment/api/v2/pan-eligibility/send/1';

async function send(emulator: Emulator, n: number): Promise<number> {
  const signed = handSign(URL_, 'merchant', hmac, [
    ['client-order-id', `b-${n}`],
    ['sending-card-ref-id', `r-${n}`],
  ]);
  const response = await emulator.fetch(
    new Request(URL_, {
      method: 'POST',
      headers: { Authorization: signed.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: signed.body,
    }),
  );
  return response.status;
}

describe('bounded by its options', () => {
  it('maxOrders: the oldest final orders are forgotten, the newest and any still processing kept', async () => {
    const emulator = createEmulator({ merchants, log: () => {}, maxOrders: 3, outcomeDelayMs: 0 });
    for (let n = 1; n <= 6; n++) expect(await send(emulator, n)).toBe(200);
    await emulator.orders.decided();
    // The bound is applied as an order opens: the next one makes room among the six now final.
    expect(await send(emulator, 7)).toBe(200);
    expect(emulator.orders.list(100).map((order) => order.merchantOrderId)).toEqual(['b-7', 'b-6', 'b-5']);
    // Orders still processing are never forgotten, even past the bound.
    const slow = createEmulator({ merchants, log: () => {}, maxOrders: 2, outcomeDelayMs: 60_000 });
    for (let n = 1; n <= 4; n++) expect(await send(slow, n)).toBe(200);
    expect(slow.orders.list(100)).toHaveLength(4);
    slow.stop();
    emulator.stop();
  });

  it('maxRequestLogBytes: the inspector drops its oldest requests, counted, and keeps the newest', async () => {
    const emulator = createEmulator({ merchants, log: () => {}, maxRequestLogBytes: 32 * 1024 });
    for (let n = 1; n <= 60; n++) expect(await send(emulator, n)).toBe(200);
    const listed = (await (await emulator.fetch(new Request('http://127.0.0.1/emulator/requests?limit=500'))).json()) as {
      requests: { orders: string[] }[];
      dropped: number;
    };
    expect(listed.dropped).toBeGreaterThan(0);
    expect(listed.requests.length + listed.dropped).toBe(60);
    expect(listed.requests[0]?.orders).toContain('b-60');
    emulator.stop();
  });

  it('refuses a bound that is not a positive whole number, naming the option', () => {
    expect(() => createEmulator({ maxOrders: 0 })).toThrow(EmulatorError);
    expect(() => createEmulator({ maxOrders: 1.5 })).toThrow(/maxOrders/);
    expect(() => createEmulator({ maxRequestLogBytes: -1 })).toThrow(/maxRequestLogBytes/);
  });
});
