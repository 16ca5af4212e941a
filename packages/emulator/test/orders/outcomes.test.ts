// Outcomes you can drive (issue #29 item 1), over real HTTP: transfers and pan-eligibility checks
// reach a final status after the outcome delay and call back the merchant's callback address; a
// test card decides the status; the admin route sets it (again) with a new callback. The receiver
// checks `control` by the reference's formula with node:crypto, not with paysign code.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, TEST_CARDS } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign, readReply } from '../independent-signer.js';

const controlKey = 'control-key';
let receiver: Server;
let callbackUrl: string;
const callbacks: URLSearchParams[] = [];
let emulator: RunningEmulator;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    callbacks.push(new URL(request.url ?? '/', 'http://x').searchParams);
    response.writeHead(200).end('OK');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callbacks?token=secret`;
  emulator = await serve({
    merchants: [{ login: 'merchant', controlKey, endpointIds: ['1234'], currency: 'EUR', callbackUrl }],
    outcomeDelayMs: 200,
    clock: 'virtual',
    today: '01.02.2030',
    log: () => {},
  });
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function signedPost(operation: string, params: [string, string][]): Promise<Record<string, string>> {
  const url = `${emulator.url}/payment/api/${operation}/1234`;
  const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey }, params);
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: signed.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: signed.body,
  });
  expect(response.status).toBe(200);
  return readReply(await response.text());
}

const transferParams = (orderId: string, source: string): [string, string][] => [
  ['client_orderid', orderId],
  ['amount', '10.00'],
  ['currency', 'EUR'],
  ['credit_card_number', source],
  ['expire_month', '12'],
  ['expire_year', '2031'],
  ['destination-card-no', '4111111111111111'],
];

const admin = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    ...(body !== undefined && { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as any };
};

const callbackFor = (orderid: string, status: string) => callbacks.find((query) => query.get('orderid') === orderid && query.get('status') === status);
// The reference's checksum: lowercase hex SHA-1 of status + orderid + merchant_order + control key.
const expectedControl = (query: URLSearchParams) =>
  createHash('sha1')
    .update(`${query.get('status')}${query.get('orderid')}${query.get('merchant_order')}${controlKey}`)
    .digest('hex');

describe('orders reach a final status and call back', () => {
  it('a transfer is processing, then approved after the delay, with a signed callback to the merchant address', async () => {
    const reply = await signedPost('v4/transfer', transferParams('t-approved', '4111111111111111'));
    expect(reply.status).toBe('processing');
    const orderid = reply['paynet-order-id'] as string;
    expect((await admin('GET', `/emulator/orders/${orderid}`)).json).toMatchObject({
      orderid,
      operation: 'transfer',
      status: 'processing',
      merchantOrderId: 't-approved',
    });
    await expect.poll(() => callbackFor(orderid, 'approved'), { timeout: 5000 }).toBeDefined();
    const callback = callbackFor(orderid, 'approved') as URLSearchParams;
    expect(callback.get('token')).toBe('secret');
    expect(callback.get('merchant_order')).toBe('t-approved');
    expect(callback.get('type')).toBe('transfer');
    expect(callback.get('amount')).toBe('10.00');
    expect(callback.get('control')).toBe(expectedControl(callback));
    const order = (await admin('GET', `/emulator/orders/${orderid}`)).json;
    expect(order.status).toBe('approved');
    await expect
      .poll(async () => (await admin('GET', `/emulator/orders/${orderid}`)).json.callbacks)
      .toEqual([{ orderid, url: callbackUrl.replace('?token=secret', ''), attempts: 1, lastStatus: 200, state: 'delivered' }]);
  });

  it.each(TEST_CARDS.map((card) => [card.number, card.outcome]))('test card %s as the source ends in %s', async (card, outcome) => {
    const reply = await signedPost('v4/transfer', transferParams(`t-${outcome}-${card}`, card));
    const orderid = reply['paynet-order-id'] as string;
    await expect.poll(() => callbackFor(orderid, outcome), { timeout: 5000 }).toBeDefined();
    expect((await admin('GET', `/emulator/orders/${orderid}`)).json.status).toBe(outcome);
  });

  it('a trigger before the delay decides the outcome; set again, a final order calls back again', async () => {
    const reply = await signedPost('v2/pan-eligibility/send', [
      ['client-order-id', 'pe-1'],
      ['sending-card-ref-id', 'ref-1'],
    ]);
    const orderid = reply['paynet-order-id'] as string;
    const declined = await admin('POST', `/emulator/orders/${orderid}/outcome`, { outcome: 'declined' });
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ operation: 'pan-eligibility/send', status: 'declined', merchantOrderId: 'pe-1' });
    await expect.poll(() => callbackFor(orderid, 'declined'), { timeout: 5000 }).toBeDefined();
    expect((callbackFor(orderid, 'declined') as URLSearchParams).get('type')).toBe('pan-eligibility');
    // The delay passes: the trigger's outcome stands (no approved callback).
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callbackFor(orderid, 'approved')).toBeUndefined();
    const again = await admin('POST', `/emulator/orders/${orderid}/outcome`, { outcome: 'approved' });
    expect(again.json.status).toBe('approved');
    await expect.poll(() => callbackFor(orderid, 'approved'), { timeout: 5000 }).toBeDefined();
    expect((await admin('GET', `/emulator/orders/${orderid}`)).json.callbacks).toHaveLength(2);
  });

  it("a recurring charge's outcome is set by its order id, with a new callback", async () => {
    const created = await admin('POST', '/emulator/recurring-payments?login=merchant', {
      'recurring-payment-id': 'rp-trigger',
      'credit-card-number': '4111111111111111',
      'card-printed-name': 'A B',
      'expire-month': '12',
      'expire-year': '2031',
      currency: 'EUR',
      amount: '5.00',
      period: 'day',
      interval: '1',
      'start-date': '02.02.2030',
      'client-orderid': 'rp-order',
      server_callback_url: callbackUrl,
    });
    expect(created.status).toBe(201);
    const advanced = await admin('POST', '/emulator/clock', { advanceDays: 1 });
    const orderid = advanced.json.charges[0].orderid as string;
    await expect.poll(() => callbackFor(orderid, 'approved'), { timeout: 5000 }).toBeDefined();
    const set = await admin('POST', `/emulator/orders/${orderid}/outcome`, { outcome: 'error' });
    expect(set.json).toMatchObject({ orderid, operation: 'recurring-charge', status: 'error', recurringPaymentId: 'rp-trigger', merchantOrderId: 'rp-order' });
    await expect.poll(() => callbackFor(orderid, 'error'), { timeout: 5000 }).toBeDefined();
    const callback = callbackFor(orderid, 'error') as URLSearchParams;
    expect(callback.get('control')).toBe(expectedControl(callback));
    expect((await admin('GET', '/emulator/recurring-payments/rp-trigger')).json.charges[0].status).toBe('error');
  });

  it('refuses an unknown order (404) and an outcome that is none of the four (400)', async () => {
    expect((await admin('GET', '/emulator/orders/999999')).status).toBe(404);
    expect((await admin('POST', '/emulator/orders/999999/outcome', { outcome: 'approved' })).status).toBe(404);
    const bad = await admin('POST', '/emulator/orders/1/outcome', { outcome: 'processing' });
    expect([bad.status, bad.json.error]).toEqual([400, 'outcome must be one of approved, declined, filtered, error']);
  });
});

describe('options', () => {
  it('outcomeDelayMs is a whole number, 0 or more; a callbackUrl must be http(s)', () => {
    const merchant = { login: 'm', controlKey: 'k', endpointIds: ['1'] };
    expect(() => createEmulator({ merchants: [merchant], outcomeDelayMs: -1 })).toThrow('outcomeDelayMs must be a whole number, 0 or more');
    expect(() => createEmulator({ merchants: [merchant], outcomeDelayMs: 1.5 })).toThrow('outcomeDelayMs must be a whole number, 0 or more');
    expect(() => createEmulator({ merchants: [{ ...merchant, callbackUrl: 'ftp://127.0.0.1/cb' }] })).toThrow(
      'merchant m: callbackUrl must be an http: or https: URL',
    );
    expect(() => createEmulator({ merchants: [{ ...merchant, callbackUrl: 'not a url' }] })).toThrow('merchant m: callbackUrl must be an http: or https: URL');
    createEmulator({ merchants: [{ ...merchant, callbackUrl: 'https://shop.example/cb' }], outcomeDelayMs: 0 }).stop();
  });
});

describe('the order book in process', () => {
  it('decided() resolves once every order has its outcome; a test card outcome holds without a callback address (and says why)', async () => {
    const emulator = createEmulator({ merchants: [{ login: 'm', controlKey: 'k', endpointIds: ['1'] }], outcomeDelayMs: 50, log: () => {} });
    emulator.orders.open({ orderid: 'a', operation: 'transfer', merchantOrderId: 'o-a', login: 'm' });
    emulator.orders.open({ orderid: 'b', operation: 'transfer', merchantOrderId: 'o-b', login: 'm', outcome: 'filtered' });
    expect(emulator.orders.get('a')?.status).toBe('processing');
    await emulator.orders.decided();
    expect([emulator.orders.get('a')?.status, emulator.orders.get('b')?.status]).toEqual(['approved', 'filtered']);
    expect(emulator.orders.get('b')?.callbackProblem).toContain('no callback address');
    emulator.stop();
  });
});
