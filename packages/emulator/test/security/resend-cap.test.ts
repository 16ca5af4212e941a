// Issue #27 low: the admin re-send had no cap (300 POSTs, 301 delivery records for one charge).
// Over real HTTP: at most 20 re-sends of one charge's callback, the next answered 429 and nothing sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';

let server: RunningEmulator;
let receiver: Server;
let received = 0;

beforeAll(async () => {
  receiver = createServer((_request, response) => {
    received++;
    response.end('OK');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  server = await serve({ merchants: [{ login: 'merchant', controlKey: 'k', endpointIds: ['1234'] }], clock: 'virtual', today: '01.01.2030', log: () => {} });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body !== undefined && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as any };
};

describe('admin re-send, capped per charge', () => {
  it('20 re-sends are made; the 21st is refused 429 and adds no delivery', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const created = await call('POST', '/emulator/recurring-payments', {
      'recurring-payment-id': 'rp-cap',
      amount: '10.00',
      period: 'month',
      interval: 1,
      'start-date': '05.01.2030',
      'max-repeats-number': 3,
      server_callback_url: `http://127.0.0.1:${port}/cb`,
    });
    expect(created.status).toBe(201);
    const orderid = (await call('POST', '/emulator/clock', { advanceDays: 10 })).json.charges[0].orderid as string;
    for (let i = 0; i < 20; i++) expect((await call('POST', `/emulator/recurring-payments/rp-cap/callbacks/${orderid}/resend`)).status).toBe(200);
    const refused = await call('POST', `/emulator/recurring-payments/rp-cap/callbacks/${orderid}/resend`);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toContain('at most 20');
    // The same count through the order route (by the gateway's order id alone).
    expect((await call('POST', `/emulator/orders/${orderid}/resend`)).status).toBe(429);
    expect((await call('GET', '/emulator/recurring-payments/rp-cap')).json.callbacks).toHaveLength(21);
    // The receiver gets the charge's callback once and each of the 20 re-sends, no more.
    for (let waited = 0; received < 21 && waited < 200; waited++) await new Promise((resolve) => setTimeout(resolve, 25));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toBe(21);
  });
});
