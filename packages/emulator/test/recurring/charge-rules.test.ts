// The spec's rules on charges, one test each ("Rule N": docs/gateway-api.md, "Rules on the
// recurring-payment fields"; "States and transitions").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, lineLog, type EmulatorEvent } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handPayload, handSign, post, readReply } from '../independent-signer.js';
import { admin, advance, create, life, merchant, virtualEmulator } from './helpers.js';

const base = { 'client-orderid': 'order-1', 'credit-card-number': '4111111111111111', period: 'day', interval: '1' };

describe('rule 2: a random amount between amount-from and amount-to, seeded', () => {
  const run = async (seed: number) => {
    const emulator = virtualEmulator('01.01.2030', { seed });
    await create(emulator, { ...base, 'recurring-payment-id': 'rp-r', 'amount-from': '5', 'amount-to': '7.50', 'start-date': '02.01.2030' });
    return (await advance(emulator, 20)).json.charges.map((charge: { amount: string }) => charge.amount) as string[];
  };

  it('every amount is within the range, in cents; the same seed repeats the same amounts', async () => {
    const first = await run(42);
    expect(first).toHaveLength(20);
    for (const amount of first) {
      expect(amount).toMatch(/^\d+\.\d{2}$/);
      expect(Number(amount)).toBeGreaterThanOrEqual(5);
      expect(Number(amount)).toBeLessThanOrEqual(7.5);
    }
    expect(new Set(first).size).toBeGreaterThan(1);
    expect(await run(42)).toEqual(first);
    expect(await run(43)).not.toEqual(first);
  });
});

describe('rule 3: an amount sequence in order, its last amount repeating', () => {
  it('charges 1.00, 2.00, 3.00, then 3.00; a counter of 1 starts at the second amount', async () => {
    const emulator = virtualEmulator('01.01.2030');
    await create(emulator, { ...base, 'recurring-payment-id': 'rp-s', 'amount-sequence': '1.00,2.00,3.00', 'start-date': '02.01.2030' });
    await create(emulator, {
      ...base,
      'recurring-payment-id': 'rp-t',
      'amount-sequence': '1.00,2.00,3.00',
      'start-date': '02.01.2030',
      'current-repeats-number': '1',
    });
    await advance(emulator, 5);
    expect((await life(emulator, 'rp-s')).charges.map((charge) => charge.amount)).toEqual(['1.00', '2.00', '3.00', '3.00', '3.00']);
    expect((await life(emulator, 'rp-t')).charges.map((charge) => [charge.index, charge.amount])).toEqual([
      [1, '2.00'],
      [2, '3.00'],
      [3, '3.00'],
      [4, '3.00'],
      [5, '3.00'],
    ]);
  });
});

describe('rule 9: the counter increases even when a charge fails', () => {
  it('a card listed in declineCards is declined, counted, and stops at max-repeats-number like any other', async () => {
    const emulator = virtualEmulator('01.01.2030', { declineCards: ['4111111111111111'] });
    await create(emulator, { ...base, 'recurring-payment-id': 'rp-d', amount: '5.00', 'start-date': '02.01.2030', 'max-repeats-number': '2' });
    await create(emulator, {
      ...base,
      'recurring-payment-id': 'rp-a',
      'credit-card-number': '5555555555554444',
      amount: '5.00',
      'start-date': '02.01.2030',
      'max-repeats-number': '2',
    });
    await advance(emulator, 10);
    const declined = await life(emulator, 'rp-d');
    // max-repeats-number 2 is the last charge's index (the spec, line 52: "Maximum repeat index;
    // the first charge has index 0"): indices 0, 1 and 2, declined or not.
    expect(declined.charges.map((charge) => [charge.index, charge.status])).toEqual([
      [0, 'declined'],
      [1, 'declined'],
      [2, 'declined'],
    ]);
    expect(declined).toMatchObject({ currentRepeatsNumber: 3, state: 'stop' });
    expect((await life(emulator, 'rp-a')).charges.map((charge) => charge.status)).toEqual(['approved', 'approved', 'approved']);
  });
});

describe('rule 10: a start-date of today is charged that day only for type auto', () => {
  it('auto: charged on creation; SRC: first charged on the next scheduled date', async () => {
    const emulator = virtualEmulator('10.03.2030');
    const auto = await create(emulator, {
      ...base,
      'recurring-payment-id': 'rp-auto',
      amount: '1.00',
      period: 'month',
      'start-date': '10.03.2030',
      type: 'auto',
    });
    const src = await create(emulator, { ...base, 'recurring-payment-id': 'rp-src', amount: '1.00', period: 'month', 'start-date': '10.03.2030', type: 'SRC' });
    expect(auto.json.charges.map((charge: { date: string }) => charge.date)).toEqual(['10.03.2030']);
    expect(src.json.charges).toEqual([]);
    await advance(emulator, 31);
    expect((await life(emulator, 'rp-src')).charges.map((charge) => [charge.index, charge.date])).toEqual([[0, '10.04.2030']]);
    expect((await life(emulator, 'rp-auto')).charges.map((charge) => [charge.index, charge.date])).toEqual([
      [0, '10.03.2030'],
      [1, '10.04.2030'],
    ]);
  });
});

describe('States and transitions: finish-date reached -> stop', () => {
  it('charged on the finish-date, stopped from that day on, never charged again', async () => {
    const emulator = virtualEmulator('01.01.2030');
    await create(emulator, {
      ...base,
      'recurring-payment-id': 'rp-f',
      amount: '1.00',
      period: 'week',
      'start-date': '01.01.2030',
      'finish-date': '15.01.2030',
      type: 'auto',
    });
    await advance(emulator, 13);
    expect((await life(emulator, 'rp-f')).state).toBe('active');
    await advance(emulator, 1);
    const stopped = await life(emulator, 'rp-f');
    expect(stopped.state).toBe('stop');
    expect(stopped.charges.map((charge) => charge.date)).toEqual(['01.01.2030', '08.01.2030', '15.01.2030']);
    expect((await advance(emulator, 100)).json.charges).toEqual([]);
  });
});

describe('the admin API', () => {
  it('never moves the clock backwards, bounds a step, and refuses a system clock', async () => {
    const emulator = virtualEmulator('01.01.2030');
    expect((await admin(emulator, 'POST', '/emulator/clock', { today: '31.12.2029' })).status).toBe(400);
    expect((await admin(emulator, 'POST', '/emulator/clock', { advanceDays: -1 })).status).toBe(400);
    expect((await admin(emulator, 'POST', '/emulator/clock', { advanceDays: 3661 })).status).toBe(400);
    expect((await admin(emulator, 'POST', '/emulator/clock', { advanceDays: 1, today: '05.01.2030' })).status).toBe(400);
    expect((await admin(emulator, 'POST', '/emulator/clock', { today: '05.01.2030' })).json).toEqual({ today: '05.01.2030', charges: [] });
    const system = createEmulator({ merchants: [merchant], log: () => {} });
    expect((await admin(system, 'POST', '/emulator/clock', { advanceDays: 1 })).status).toBe(409);
  });

  it('answers loopback callers only by default; adminApi "off" closes it', async () => {
    const emulator = virtualEmulator('01.01.2030');
    // Addressed to a loopback name: another Host is refused (421) whoever calls (admin-host.test.ts).
    const request = (host = '127.0.0.1') => new Request(`http://${host}/emulator/clock`);
    expect((await emulator.fetch(request(), { remoteAddress: '203.0.113.9' })).status).toBe(403);
    expect((await emulator.fetch(request(), { incoming: { socket: { remoteAddress: '::ffff:127.0.0.1' } } })).status).toBe(200);
    expect((await emulator.fetch(request(), { some: 'binding' })).status).toBe(403);
    expect((await virtualEmulator('01.01.2030', { adminApi: 'any' }).fetch(request(), { remoteAddress: '203.0.113.9' })).status).toBe(200);
    expect((await virtualEmulator('01.01.2030', { adminApi: 'off' }).fetch(request())).status).toBe(403);
    expect((await emulator.fetch(request('gate.test'), { remoteAddress: '127.0.0.1' })).status).toBe(421);
  });

  it('refuses a second profile with the same id and a schedule that breaks a rule', async () => {
    const emulator = virtualEmulator('01.01.2030');
    expect((await create(emulator, { ...base, 'recurring-payment-id': 'rp-x', amount: '1.00' })).status).toBe(201);
    expect((await create(emulator, { ...base, 'recurring-payment-id': 'rp-x', amount: '1.00' })).status).toBe(409);
    const broken = await create(emulator, { ...base, 'recurring-payment-id': 'rp-y', amount: '1.00', 'amount-sequence': '1.00' });
    expect(broken.status).toBe(400);
    expect(broken.json.issues.join(' ')).toMatch(/amount/);
  });

  it('calls only http(s) addresses, and logs charges and callbacks without the card number', async () => {
    const lines: string[] = [];
    const events: EmulatorEvent[] = [];
    const log = lineLog((line) => lines.push(line));
    const emulator = virtualEmulator('01.01.2030', { log: (event) => (events.push(event), log(event)) });
    await create(emulator, { ...base, 'recurring-payment-id': 'rp-ftp', amount: '1.00', 'start-date': '02.01.2030', server_callback_url: 'ftp://127.0.0.1/x' });
    await advance(emulator, 1);
    expect((await life(emulator, 'rp-ftp')).callbacks).toEqual([]);
    expect(lines.join('\n')).toMatch(/charged recurring payment rp-ftp #0 on 02\.01\.2030: 1\.00 approved/);
    expect(lines.join('\n')).toMatch(/not sent: only http and https/);
    expect(lines.join('\n')).not.toContain('4111111111111111');
  });
});

describe('rule 11 and updates over HTTP (update-recurring-payments)', () => {
  const hmac = { method: 'HMAC-SHA1', controlKey: merchant.controlKey } as const;
  let server: RunningEmulator;
  const row = {
    'recurring-payment-id': 'rp-u',
    'client-orderid': 'order-u',
    'credit-card-number': '4111111111111111',
    'card-printed-name': 'JOSE MULLER',
    'expire-year': '2035',
    'expire-month': '12',
    currency: 'EUR',
  };
  beforeAll(async () => {
    server = await serve({ merchants: [merchant], clock: 'virtual', today: '01.01.2030', log: () => {} });
  });
  afterAll(() => server.close());

  const update = async (fields: Record<string, string>) => {
    const target = `${server.url}/payment/api/v4/update-recurring-payments/1234`;
    const reply = readReply((await post(target, handSign(target, 'merchant', hmac, [['payload', handPayload([{ ...row, ...fields }])]]))).text);
    expect(reply.type).toBe('update-recurring-payment-response');
  };
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) =>
    (
      await fetch(`${server.url}${path}`, {
        method,
        ...(body !== undefined && { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
      })
    ).json() as Promise<any>;

  it('an update changes what later charges do; stopping and rescheduling never repeats a charge already made', async () => {
    await call('POST', '/emulator/recurring-payments', {
      ...row,
      amount: '10.00',
      period: 'day',
      interval: 1,
      'start-date': '02.01.2030',
      'max-repeats-number': 2,
    });
    await call('POST', '/emulator/clock', { advanceDays: 5 });
    let seen = await call('GET', '/emulator/recurring-payments/rp-u');
    // max-repeats-number 2: indices 0 to 2 (the spec, line 52: the maximum repeat index).
    expect(seen).toMatchObject({ state: 'stop', currentRepeatsNumber: 3 });
    expect(seen.charges.map((charge: { date: string }) => charge.date)).toEqual(['02.01.2030', '03.01.2030', '04.01.2030']);

    // Rescheduled: the same start-date again, more repeats, a new amount.
    await update({ amount: '12.00', period: 'day', interval: '1', 'start-date': '02.01.2030', 'max-repeats-number': '4' });
    seen = await call('GET', '/emulator/recurring-payments/rp-u');
    expect(seen.state).toBe('active');
    await call('POST', '/emulator/clock', { advanceDays: 5 });
    seen = await call('GET', '/emulator/recurring-payments/rp-u');
    const dates = seen.charges.map((charge: { date: string }) => charge.date);
    expect(new Set(dates).size).toBe(dates.length);
    expect(seen.charges.map((charge: { index: number; date: string; amount: string }) => [charge.index, charge.date, charge.amount])).toEqual([
      [0, '02.01.2030', '10.00'],
      [1, '03.01.2030', '10.00'],
      [2, '04.01.2030', '10.00'],
      // Rescheduled on 06.01 (the clock's today): the day's charge is made with the update, and
      // the counter goes on to index 4, the new max-repeats-number.
      [3, '06.01.2030', '12.00'],
      [4, '07.01.2030', '12.00'],
    ]);
    expect(seen.state).toBe('stop');
  });
});
