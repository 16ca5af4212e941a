// A callback never blocks the clock or another callback; non-200 answers are retried up to the limit.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { verifyCallback } from '@paysign/gateway';
import { merchant, type Life } from '../../../packages/emulator/test/recurring/helpers.js';

let emulator: RunningEmulator;
let receiver: Server;
let base: string;
const held: ServerResponse[] = [];
const fast: URL[] = [];
let arrived!: () => void;
const bothArrived = new Promise<void>((resolve) => (arrived = resolve));
const check = () => held.length > 0 && fast.length > 0 && arrived();
let lines: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/hang')
      held.push(response), check(); // never answered while the test runs
    else if (url.pathname === '/teapot') response.writeHead(418).end();
    else {
      fast.push(url);
      response.writeHead(200).end('OK');
      check();
    }
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  emulator = await serve({
    merchants: [merchant],
    clock: 'virtual',
    today: '01.01.2030',
    callbackAttempts: 3,
    callbackBackoffMs: 1,
    log: (event) => lines.push(JSON.stringify(event)),
  });
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
const life = async (id: string) => (await (await fetch(`${emulator.url}/emulator/recurring-payments/${id}`)).json()) as Life;
const profile = (id: string, path: string) => ({
  'recurring-payment-id': id,
  'client-orderid': `order-${id}`,
  'credit-card-number': '4111111111111111',
  amount: '2.00',
  period: 'day',
  interval: 1,
  'start-date': '02.01.2030',
  'max-repeats-number': 1,
  server_callback_url: `${base}${path}?token=merchant-secret`,
});

describe('callback delivery', () => {
  it('a receiver that never answers holds up neither the clock nor the other callbacks', async () => {
    await post('/emulator/recurring-payments', profile('rp-hang', '/hang'));
    await post('/emulator/recurring-payments', profile('rp-fast', '/fast'));
    lines = [];
    const moved = await post('/emulator/clock', { advanceDays: 1 });
    expect(moved.charges).toHaveLength(2);
    // The fast receiver's callback arrives while the other is still held open.
    await bothArrived;
    expect(fast).toHaveLength(1);
    expect(held).toHaveLength(1);
    expect((await life('rp-hang')).callbacks[0]).toMatchObject({ attempts: 1, lastStatus: null, state: 'pending' });
    // The callback the fast receiver got verifies with the merchant's control key; the query it was given is kept.
    const verified = await verifyCallback(fast[0]!.searchParams, { controlKey: merchant.controlKey });
    expect(verified).toMatchObject({
      ok: true,
      callback: { status: 'approved', merchantOrder: 'order-rp-fast', unverified: { amount: '2.00', client_orderid: 'order-rp-fast', type: 'sale' } },
    });
    expect(fast[0]!.searchParams.get('token')).toBe('merchant-secret');
    // Neither the delivery records nor the log show the address's query (the stored field is shown as stored).
    expect(JSON.stringify((await life('rp-fast')).callbacks)).not.toContain('merchant-secret');
    expect(lines.join('\n')).not.toContain('merchant-secret');
    expect(lines.join('\n')).not.toContain('4111111111111111');
  });

  it('a receiver answering anything but 200 is tried callbackAttempts times, each attempt visible', async () => {
    await post('/emulator/recurring-payments', profile('rp-teapot', '/teapot'));
    await post('/emulator/clock', { advanceDays: 0 });
    await post('/emulator/clock', { today: '03.01.2030' });
    // rp-hang is still held open: wait for rp-teapot's attempts alone.
    for (let turn = 0; turn < 2_000 && (await life('rp-teapot')).callbacks[0]?.state === 'pending'; turn++)
      await new Promise((resolve) => setTimeout(resolve, 1));
    expect((await life('rp-teapot')).callbacks).toEqual([
      { orderid: expect.any(String), url: `${base}/teapot`, attempts: 3, lastStatus: 418, state: 'failed' },
    ]);
    expect(lines.filter((line) => line.includes('"kind":"callback"') && line.includes('rp-teapot'))).toHaveLength(3);
  });
});
