// Issue #19 item 9: a recurring payment belongs to the merchant (login and endpoint) that created
// it. Another merchant, with its own login, endpoint and keys, gets exactly the answer an unknown
// id gets, changes nothing, and the owner's callbacks keep going to the owner, signed with its key.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { verifyCallback } from '@paysign/gateway';
import { handPayload, handSign, readReply } from '../../../packages/emulator/test/independent-signer.js';

const merchantA = { login: 'merchant-a', controlKey: 'control-key-of-a', endpointIds: ['1001', '1002'], currency: 'EUR' };
const merchantB = { login: 'merchant-b', controlKey: 'control-key-of-b', endpointIds: ['2002'], currency: 'EUR' };
const hmacA = { method: 'HMAC-SHA1', controlKey: merchantA.controlKey } as const;
const hmacB = { method: 'HMAC-SHA1', controlKey: merchantB.controlKey } as const;

let server: RunningEmulator;
let receiver: Server;
let receiverBase: string;
const calls: URL[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    calls.push(new URL(request.url ?? '/', receiverBase));
    response.writeHead(200).end('OK');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await serve({
    merchants: [merchantA, merchantB],
    // Loaded without an owner: the first merchant to update it owns it.
    profiles: [{ 'recurring-payment-id': 'rp-loaded', 'client-orderid': 'order-loaded', amount: '5.00', currency: 'EUR' }],
    clock: 'virtual',
    today: '01.03.2030',
    callbackAttempts: 1,
    log: () => {},
  });
});
afterAll(async () => {
  await server.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function admin(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body !== undefined && { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  return { status: response.status, text: await response.text() };
}

// The row fields the rules require with a card number (the card holder's name and expiry).
const card = { 'card-printed-name': 'JOSE MULLER', 'expire-year': '2031', 'expire-month': '12' };

/** A signed update-recurring-payments through `endpoint`, as merchant `login`. */
async function update(login: string, credentials: typeof hmacA | typeof hmacB, endpoint: string, row: Record<string, string>, accept?: string) {
  const target = `${server.url}/payment/api/v4/update-recurring-payments/${endpoint}`;
  const signed = handSign(target, login, credentials, [['payload', handPayload([{ ...card, ...row }])]]);
  const response = await fetch(target, {
    method: 'POST',
    headers: {
      Authorization: signed.authorization,
      'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
      ...(accept !== undefined && { Accept: accept }),
    },
    body: signed.body,
  });
  const text = await response.text();
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
  // The serial number is fresh for every request; everything else must be the same byte for byte.
  return { status: response.status, headers, text: text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'SERIAL') };
}

const takeover = (id: string) => ({
  'recurring-payment-id': id,
  'client-orderid': 'order-a',
  'credit-card-number': '5555555555554444',
  amount: '99.00',
  server_callback_url: `${receiverBase}/b`,
});

// The same row as A would send it: A's card and A's address.
const asA = (id: string) => ({ ...takeover(id), 'credit-card-number': '4111111111111111', server_callback_url: `${receiverBase}/a` });

describe('tenant isolation over HTTP (#19 item 9)', () => {
  it("B's update of A's payment gets exactly the unknown-id answer and changes nothing; A's callbacks stay A's", async () => {
    const created = await admin('POST', '/emulator/recurring-payments?login=merchant-a&endpoint=1001', {
      'recurring-payment-id': 'rp-a',
      'client-orderid': 'order-a',
      'credit-card-number': '4111111111111111',
      amount: '10.00',
      currency: 'EUR',
      period: 'day',
      interval: 1,
      'start-date': '02.03.2030',
      server_callback_url: `${receiverBase}/a`,
    });
    expect(created.status).toBe(201);

    for (const accept of [undefined, 'application/vnd.pay+json']) {
      const attack = await update('merchant-b', hmacB, '2002', takeover('rp-a'), accept);
      const unknown = await update('merchant-b', hmacB, '2002', takeover('rp-no-such-id'), accept);
      expect(attack).toEqual(unknown);
      expect(attack.text).toMatch(/no.recurring.payment.has.this.id/);
    }
    const stored = await server.emulator.profiles.get('rp-a');
    expect(stored?.revision).toBe(0);
    expect(stored?.fields).toMatchObject({ amount: '10.00', 'credit-card-number': '4111111111111111', server_callback_url: `${receiverBase}/a` });

    await admin('POST', '/emulator/clock', { advanceDays: 1 });
    await server.emulator.recurring.callbacksSettled();
    expect(calls.map((url) => url.pathname)).toEqual(['/a']);
    const callback = calls[0]!.searchParams;
    expect(callback.get('amount')).toBe('10.00');
    expect(await verifyCallback(callback, { controlKey: merchantA.controlKey })).toMatchObject({ ok: true });
    expect(await verifyCallback(callback, { controlKey: merchantB.controlKey })).toMatchObject({ ok: false });
    expect(JSON.parse(created.text).owner).toEqual({ login: 'merchant-a', endpointId: '1001' });
  });

  it('the same login through another of its endpoints is another merchant; through its own endpoint the update applies', async () => {
    const elsewhere = await update('merchant-a', hmacA, '1002', asA('rp-a'));
    const unknown = await update('merchant-a', hmacA, '1002', asA('rp-no-such-id'));
    expect(elsewhere).toEqual(unknown);
    expect((await server.emulator.profiles.get('rp-a'))?.revision).toBe(0);

    const own = await update('merchant-a', hmacA, '1001', { ...asA('rp-a'), amount: '11.00' });
    expect(readReply(own.text)).toMatchObject({ type: 'update-recurring-payment-response', status: 'processing' });
    expect((await server.emulator.profiles.get('rp-a'))?.fields.amount).toBe('11.00');
  });

  it('a payment loaded without an owner belongs to the first merchant that updates it', async () => {
    const first = await update('merchant-a', hmacA, '1001', { ...asA('rp-loaded'), amount: '6.00' });
    expect(readReply(first.text).type).toBe('update-recurring-payment-response');
    expect(server.emulator.owners.get('rp-loaded')).toEqual({ login: 'merchant-a', endpointId: '1001' });
    const second = await update('merchant-b', hmacB, '2002', takeover('rp-loaded'));
    expect(second).toEqual(await update('merchant-b', hmacB, '2002', takeover('rp-no-such-id')));
    expect((await server.emulator.profiles.get('rp-loaded'))?.fields.amount).toBe('6.00');
  });

  it("the admin lookup with a merchant named answers another merchant's payment as an unknown id", async () => {
    const asB = await admin('GET', '/emulator/recurring-payments/rp-a?login=merchant-b');
    const unknown = await admin('GET', '/emulator/recurring-payments/rp-no-such-id?login=merchant-b');
    expect(asB).toEqual(unknown);
    expect(asB.status).toBe(404);
    expect((await admin('GET', '/emulator/recurring-payments/rp-a?login=merchant-a&endpoint=1002')).status).toBe(404);
    const asA = await admin('GET', '/emulator/recurring-payments/rp-a?login=merchant-a&endpoint=1001');
    expect(asA.status).toBe(200);
    expect(JSON.parse(asA.text)).toMatchObject({ id: 'rp-a', owner: { login: 'merchant-a', endpointId: '1001' } });
  });

  it('the admin API names an owner only by a registered login and one of its endpoint ids', async () => {
    const profile = { 'recurring-payment-id': 'rp-x', amount: '1.00' };
    expect(await admin('POST', '/emulator/recurring-payments?login=nobody', profile)).toEqual({
      status: 400,
      text: JSON.stringify({ error: 'login: no merchant has this login' }),
    });
    expect(await admin('POST', '/emulator/recurring-payments?login=merchant-a', profile)).toEqual({
      status: 400,
      text: JSON.stringify({ error: 'endpoint: is required when the merchant has several endpoint ids' }),
    });
    expect(await admin('POST', '/emulator/recurring-payments?login=merchant-b&endpoint=1001', profile)).toEqual({
      status: 400,
      text: JSON.stringify({ error: "endpoint: is not one of the merchant's endpoint ids" }),
    });
    expect(await server.emulator.profiles.get('rp-x')).toBeUndefined();
    // One endpoint id: it may be left out.
    expect((await admin('POST', '/emulator/recurring-payments?login=merchant-b', profile)).status).toBe(201);
    expect(server.emulator.owners.get('rp-x')).toEqual({ login: 'merchant-b', endpointId: '2002' });
  });
});

describe("an owner's callbacks are never signed with another merchant's key (over HTTP)", () => {
  it('a payment of a merchant that signs with RSA only gets no callback, not one signed by the only merchant with a control key', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const events: string[] = [];
    const emulator = await serve({
      merchants: [merchantB, { login: 'merchant-rsa', publicKeys: [publicKey.export({ type: 'spki', format: 'pem' }) as string], endpointIds: ['3003'] }],
      clock: 'virtual',
      today: '01.03.2030',
      callbackAttempts: 1,
      log: (event) => event.kind === 'callback' && events.push(event.outcome),
    });
    try {
      const before = calls.length;
      const created = await fetch(`${emulator.url}/emulator/recurring-payments?login=merchant-rsa`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          'recurring-payment-id': 'rp-rsa',
          amount: '3.00',
          period: 'day',
          interval: 1,
          'start-date': '02.03.2030',
          server_callback_url: `${receiverBase}/rsa`,
        }),
      });
      expect(created.status).toBe(201);
      await fetch(`${emulator.url}/emulator/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"advanceDays":1}' });
      await emulator.emulator.recurring.callbacksSettled();
      expect(calls.slice(before)).toEqual([]);
      expect(events).toEqual(['not sent: no merchant control key to sign it']);
    } finally {
      await emulator.close();
    }
  });
});
