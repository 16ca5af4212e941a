// The merchant a payment without an owner is signed for is read when its callback is due, not when
// the emulator started: a merchant registered later (emulator.merchants.add) signs it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { verifyCallback } from '@paysign/gateway';

let emulator: RunningEmulator;
let receiver: Server;
let base: string;
let arrived!: (url: URL) => void;
const delivered = new Promise<URL>((resolve) => (arrived = resolve));

beforeAll(async () => {
  receiver = createServer((request, response) => {
    arrived(new URL(request.url ?? '/', 'http://127.0.0.1'));
    response.writeHead(200).end('OK');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  emulator = await serve({ clock: 'virtual', today: '01.01.2030', callbackAttempts: 1, log: () => {} });
});
afterAll(async () => {
  await emulator.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const post = async (path: string, body: unknown) =>
  (await fetch(`${emulator.url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })).json();

describe('a merchant registered after start', () => {
  it('signs the callbacks of payments that have no owner yet, with its control key', async () => {
    await post('/emulator/recurring-payments', {
      'recurring-payment-id': 'rp-late',
      'client-orderid': 'ord-late',
      'credit-card-number': '4111111111111111',
      amount: '3.00',
      period: 'day',
      interval: 1,
      'start-date': '02.01.2030',
      'max-repeats-number': 1,
      server_callback_url: `${base}/callback`,
    });
    emulator.emulator.merchants.add({ login: 'late-merchant', controlKey: 'late-control-key', endpointIds: ['77'] });
    await post('/emulator/clock', { advanceDays: 1 });
    const url = await delivered;
    const verified = await verifyCallback(url.searchParams, { controlKey: 'late-control-key' });
    expect(verified).toMatchObject({ ok: true, callback: { status: 'approved', merchantOrder: 'ord-late' } });
  });
});
