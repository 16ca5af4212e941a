import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';

const merchants = [{ login: 'merchant', controlKey: 'control-key', endpointIds: ['1234'] }];
let emulator: Emulator | undefined;
let receiver: Server | undefined;

afterEach(async () => {
  emulator?.stop();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  receiver = undefined;
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await (emulator as Emulator).fetch(
    new Request(`http://127.0.0.1${path}`, {
      method,
      ...(body !== undefined && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    }),
  );
  return { status: response.status, json: await response.json() };
}

const monthly = (id: string, extra: Record<string, unknown> = {}) => ({
  'recurring-payment-id': id,
  amount: '10.00',
  period: 'month',
  interval: 1,
  'start-date': '05.01.2030',
  'max-repeats-number': 3,
  ...extra,
});

describe('admin API: list, stop, re-send a callback (#22 item 3)', () => {
  it('GET /emulator/recurring-payments lists every payment with its state, counter, next charge date and merchant', async () => {
    emulator = createEmulator({ merchants, clock: 'virtual', today: '01.01.2030' });
    expect((await call('POST', '/emulator/recurring-payments?login=merchant', monthly('rp-b'))).status).toBe(201);
    // max-repeats-number 0: exactly one charge, index 0 (the spec, line 52: the maximum repeat index).
    expect((await call('POST', '/emulator/recurring-payments', monthly('rp-a', { 'max-repeats-number': 0 }))).status).toBe(201);
    await call('POST', '/emulator/clock', { advanceDays: 10 });
    const { status, json } = await call('GET', '/emulator/recurring-payments');
    expect(status).toBe(200);
    expect(json).toEqual({
      recurringPayments: [
        { id: 'rp-a', state: 'stop', currentRepeatsNumber: 1, nextChargeDate: null, merchant: null },
        { id: 'rp-b', state: 'active', currentRepeatsNumber: 1, nextChargeDate: '05.02.2030', merchant: { login: 'merchant', endpointId: '1234' } },
      ],
    });
  });

  it('POST /emulator/recurring-payments/{id}/stop stops the payment: state stop, nothing charged after', async () => {
    emulator = createEmulator({ merchants, clock: 'virtual', today: '01.01.2030' });
    await call('POST', '/emulator/recurring-payments', monthly('rp-stop', { 'max-repeats-number': 12 }));
    await call('POST', '/emulator/clock', { advanceDays: 10 });
    const stopped = await call('POST', '/emulator/recurring-payments/rp-stop/stop');
    expect(stopped.status).toBe(200);
    expect(stopped.json).toMatchObject({ id: 'rp-stop', state: 'stop', currentRepeatsNumber: 1, upcoming: [] });
    const later = await call('POST', '/emulator/clock', { advanceDays: 100 });
    expect(later.json.charges).toEqual([]);
    expect((await call('POST', '/emulator/recurring-payments/nope/stop')).json).toEqual({ error: 'no recurring payment has this id' });
  });

  it('a stop before the first charge reads stop and charges nothing, until an update reschedules the payment (#36 item 4)', async () => {
    emulator = createEmulator({ merchants, clock: 'virtual', today: '01.01.2030' });
    // Its first charge is on 05.01.2030, four days ahead: a finish-date of today would be before its start.
    await call('POST', '/emulator/recurring-payments', monthly('rp-early', { 'max-repeats-number': 12 }));
    const stopped = await call('POST', '/emulator/recurring-payments/rp-early/stop');
    expect(stopped.json).toMatchObject({ state: 'stop', stoppedOn: '01.01.2030', currentRepeatsNumber: 0, charges: [], upcoming: [] });
    expect(stopped.json.fields['finish-date']).toBeUndefined();
    expect((await call('POST', '/emulator/clock', { advanceDays: 100 })).json.charges).toEqual([]);
    const listed = await call('GET', '/emulator/recurring-payments');
    expect(listed.json.recurringPayments).toEqual([{ id: 'rp-early', state: 'stop', currentRepeatsNumber: 0, nextChargeDate: null, merchant: null }]);
    // A second stop keeps the day of the first.
    expect((await call('POST', '/emulator/recurring-payments/rp-early/stop')).json.stoppedOn).toBe('01.01.2030');
    // An update (a new revision of the payment) lifts the stop: charged again from the update's day on.
    await (emulator as Emulator).profiles.update(['rp-early'], (current) => ({
      store: new Map([['rp-early', { ...(current.get('rp-early')?.fields ?? {}), amount: '11.00' }]]),
      result: true,
    }));
    const after = await call('GET', '/emulator/recurring-payments/rp-early');
    expect(after.json).toMatchObject({ state: 'active', currentRepeatsNumber: 0 });
    expect(after.json.stoppedOn).toBeUndefined();
    expect(after.json.upcoming[0]).toMatchObject({ date: '05.05.2030', amount: '11.00' });
  });

  it('POST .../callbacks/{orderid}/resend sends the callback again, as a new delivery the receiver gets', async () => {
    const received: string[] = [];
    receiver = createServer((request, response) => {
      received.push(request.url ?? '');
      response.end('OK');
    });
    await new Promise<void>((resolve) => (receiver as Server).listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    emulator = createEmulator({ merchants, clock: 'virtual', today: '01.01.2030' });
    await call('POST', '/emulator/recurring-payments', monthly('rp-cb', { server_callback_url: `http://127.0.0.1:${port}/cb` }));
    const { json } = await call('POST', '/emulator/clock', { advanceDays: 10 });
    const orderid = json.charges[0].orderid as string;
    await emulator.recurring.callbacksSettled();
    expect(received).toHaveLength(1);
    const resent = await call('POST', `/emulator/recurring-payments/rp-cb/callbacks/${orderid}/resend`);
    expect(resent.status).toBe(200);
    await emulator.recurring.callbacksSettled();
    expect(received).toHaveLength(2);
    expect(received[1]).toBe(received[0]);
    expect((await call('GET', '/emulator/recurring-payments/rp-cb')).json.callbacks.map((c: { state: string }) => c.state)).toEqual(['delivered', 'delivered']);
    expect((await call('POST', '/emulator/recurring-payments/rp-cb/callbacks/999/resend')).status).toBe(404);
  });

  it('the new routes answer loopback callers only, and only under a loopback Host', async () => {
    emulator = createEmulator({ merchants, clock: 'virtual', today: '01.01.2030' });
    const remote = await emulator.fetch(new Request('http://127.0.0.1/emulator/recurring-payments'), { remoteAddress: '203.0.113.9' });
    expect(remote.status).toBe(403);
    const rebound = await emulator.fetch(
      new Request('http://127.0.0.1/emulator/recurring-payments/x/stop', { method: 'POST', headers: { Host: 'rebind.attacker.example' } }),
      { remoteAddress: '127.0.0.1' },
    );
    expect(rebound.status).toBe(421);
  });

  it('a callback waiting for its retry shows when the retry is due, in the life and on the console', async () => {
    receiver = createServer((_request, response) => {
      response.statusCode = 500;
      response.end();
    });
    await new Promise<void>((resolve) => (receiver as Server).listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    emulator = createEmulator({ merchants, clock: 'virtual', today: '01.01.2030', callbackBackoffMs: 3_600_000, log: () => {} });
    await call('POST', '/emulator/recurring-payments', monthly('rp-retry', { server_callback_url: `http://127.0.0.1:${port}/cb` }));
    await call('POST', '/emulator/clock', { advanceDays: 10 });
    let delivery: any;
    for (let turn = 0; turn < 2_000; turn++) {
      delivery = (await call('GET', '/emulator/recurring-payments/rp-retry')).json.callbacks[0];
      if (delivery?.attempts === 1 && delivery.nextAttemptAt !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(delivery).toMatchObject({ attempts: 1, lastStatus: 500, state: 'pending', nextAttemptAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const page = await (await (emulator as Emulator).fetch(new Request('http://127.0.0.1/?payment=rp-retry'))).text();
    expect(page).toContain(`retry at ${(delivery.nextAttemptAt as string).slice(11, 19)} UTC`);
    expect(page).toContain('amount=10.00 status=approved type=sale');
  });
});
