import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorEvent } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handPayload, handSign, post, readReply } from './independent-signer.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
const publicKeyPkcs1 = publicKey.export({ type: 'pkcs1', format: 'pem' }) as string;

const hmac = { method: 'HMAC-SHA1', controlKey: 'control key/with=reserved&chars' } as const;
const rsa = { method: 'RSA-SHA256', privateKeyPem } as const;

function profile(id: string, card: string) {
  return {
    'recurring-payment-id': id,
    'client-orderid': `order-${id}`,
    'credit-card-number': card,
    'card-printed-name': 'JOSE MULLER',
    'expire-year': '2030',
    'expire-month': '12',
    amount: '10.00',
    currency: 'EUR',
    period: 'month',
    interval: '1',
    city: 'Lisbon',
  };
}

let server: RunningEmulator;
const events: EmulatorEvent[] = [];
const refusals = () => events.filter((e) => e.kind === 'refused');

beforeAll(async () => {
  server = await serve({
    merchants: [
      { login: 'merchant', controlKey: hmac.controlKey, publicKeys: [publicKeyPkcs1], endpointIds: ['1234'], currency: 'EUR' },
      { login: 'rsa-only', publicKeys: [publicKey.export({ type: 'spki', format: 'pem' }) as string], endpointIds: ['77'] },
    ],
    profiles: [profile('rp-1', '4111111111111111'), profile('rp-2', '5555555555554444')],
    log: (event) => events.push(event),
  });
});
afterAll(() => server.close());

const url = (path: string) => `${server.url}/payment/api/${path}`;
const updateRow = (id: string, changes: Record<string, string>) => ({ ...profile(id, id === 'rp-1' ? '4111111111111111' : '5555555555554444'), ...changes });

describe('the emulator over HTTP on loopback', () => {
  it('listens on 127.0.0.1 by default, on a free port', () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('accepts an HMAC-SHA1 pan-eligibility/send with the OAuth parameters also in the body, and answers in the gateway form encoding', async () => {
    const target = url('v2/pan-eligibility/send/1234');
    const signed = handSign(
      target,
      'merchant',
      hmac,
      [
        ['client-order-id', 'order 1'],
        ['sending-card-ref-id', "ref!*'()"],
      ],
      { oauthInBody: true },
    );
    const response = await post(target, signed);
    expect(response.status).toBe(200);
    expect(response.text).toMatch(
      /^type=async-response\n&status=processing\n&serial-number=[0-9a-f-]{36}\n&merchant-order-id=order\+1\n&paynet-order-id=\d+\n$/,
    );
    expect(readReply(response.text)['merchant-order-id']).toBe('order 1');
    expect(response.headers.get('x-xss-protection')).toBe('1');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(response.headers.get('keep-alive')).toBe('timeout=60');
    expect(response.headers.get('connection')).toBe('keep-alive');
  });

  it('updates two recurring payments with RSA-SHA256 (PKCS#1 public key), changing exactly the fields sent', async () => {
    const target = url('v4/update-recurring-payments/1234');
    const payload = handPayload([
      updateRow('rp-1', { amount: '', 'amount-sequence': '5.00,7.50', city: 'São Paulo' }),
      updateRow('rp-2', { amount: '42.10', 'first-name': '東京' }),
    ]);
    const response = await post(target, handSign(target, 'merchant', rsa, [['payload', payload]]));
    const reply = readReply(response.text);
    expect(response.status).toBe(200);
    expect(reply.type).toBe('update-recurring-payment-response');
    expect(reply.status).toBe('processing');
    expect(reply['serial-number']).toMatch(/^[0-9a-f-]{36}$/);

    const first = (await (await fetch(`${server.url}/payment/emulator/recurring-payments/rp-1`)).json()) as {
      revision: number;
      fields: Record<string, string>;
    };
    expect(first.revision).toBe(1);
    expect(first.fields['amount-sequence']).toBe('5.00,7.50');
    expect(first.fields.amount).toBeUndefined(); // a new amount mode replaces the old one (rule 1)
    expect(first.fields.city).toBe('São Paulo');
    expect(first.fields.period).toBe('month');
    expect(first.fields['credit-card-number']).toBe('411111******1111');
    const second = (await (await fetch(`${server.url}/payment/emulator/recurring-payments/rp-2`)).json()) as {
      revision: number;
      fields: Record<string, string>;
    };
    expect(second.fields.amount).toBe('42.10');
    expect(second.fields['first-name']).toBe('[redacted]'); // personal data: only the store itself holds it
    expect((await server.emulator.profiles.get('rp-2'))!.fields['first-name']).toBe('東京');
    expect(second.fields.city).toBe('Lisbon');
  });

  it('refuses a row naming an unknown recurring-payment-id and applies no row of that request', async () => {
    const before = (await server.emulator.profiles.get('rp-1'))!;
    const target = url('v4/update-recurring-payments/1234');
    const payload = handPayload([updateRow('rp-1', { city: 'Porto' }), updateRow('rp-404', {})]);
    const reply = readReply((await post(target, handSign(target, 'merchant', hmac, [['payload', payload]]))).text);
    expect(reply.type).toBe('validation-error');
    expect(reply['error-message']).toContain('row 2, recurring-payment-id');
    expect(reply['error-code']).toBe('400');
    expect(await server.emulator.profiles.get('rp-1')).toEqual(before);
  });

  it('answers an invalid row with validation-error naming the row and field, never the card number', async () => {
    const target = url('v4/update-recurring-payments/1234');
    const payload = handPayload([updateRow('rp-1', {}), updateRow('rp-2', { 'card-printed-name': '' })]);
    const reply = readReply((await post(target, handSign(target, 'merchant', hmac, [['payload', payload]]))).text);
    expect(reply.type).toBe('validation-error');
    expect(reply['error-message']).toMatch(/row 2, card-printed-name/);
    expect(reply['error-message']).not.toContain('5555555555554444');
  });

  it('validates rows with the gateway package rules: rule 1 (one amount mode) and rule 7 (project currency)', async () => {
    const target = url('v4/update-recurring-payments/1234');
    const payload = handPayload([updateRow('rp-1', { 'amount-sequence': '1.00' }), updateRow('rp-2', { currency: 'USD' })]);
    const reply = readReply((await post(target, handSign(target, 'merchant', hmac, [['payload', payload]]))).text);
    expect(reply.type).toBe('validation-error');
    expect(reply['error-message']).toMatch(/row 1, amount/);
    expect(reply['error-message']).toMatch(/row 2, currency/);
  });

  it('answers pan-eligibility/send without sending-card-ref-id with validation-error naming it', async () => {
    const target = url('v2/pan-eligibility/send/1234');
    const reply = readReply((await post(target, handSign(target, 'merchant', hmac, [['client-order-id', 'o-9']]))).text);
    expect(reply.type).toBe('validation-error');
    expect(reply['merchant-order-id']).toBe('o-9');
    expect(reply['error-message']).toContain('sending-card-ref-id');
  });

  it('answers a payload that is not Base64 with validation-error', async () => {
    const target = url('v4/update-recurring-payments/1234');
    const reply = readReply((await post(target, handSign(target, 'merchant', hmac, [['payload', 'not base64!']]))).text);
    expect(reply.type).toBe('validation-error');
    expect(reply['error-message']).toMatch(/^payload: /);
  });

  it('accepts a transfer', async () => {
    const target = url('v4/transfer/1234');
    const params: [string, string][] = [
      ['client_orderid', 'tr-1'],
      ['amount', '25.00'],
      ['currency', 'EUR'],
      ['credit_card_number', '4111111111111111'],
      ['card_printed_name', 'JOSE MULLER'],
      ['expire_month', '12'],
      ['expire_year', '2030'],
      ['cvv2', '123'],
      ['destination-card-no', '5555555555554444'],
      ['ipaddress', '203.0.113.9'],
    ];
    const reply = readReply((await post(target, handSign(target, 'merchant', rsa, params))).text);
    expect(reply.type).toBe('async-response');
    expect(reply['merchant-order-id']).toBe('tr-1');
  });
});

describe('refusals: HTTP 403, empty body, the spec headers; the reason in the log only', () => {
  const target = () => url('v2/pan-eligibility/send/1234');
  const params: [string, string][] = [
    ['client-order-id', 'o-1'],
    ['sending-card-ref-id', 'r-1'],
  ];

  async function expectRefused(send: () => Promise<{ status: number; headers: Headers; text: string }>, reason: string): Promise<void> {
    // Counted, not read as the last event: a signature refusal is logged once its cause is found,
    // just after the reply, so an earlier test's line may still arrive.
    const logged = () => refusals().filter((event) => event.kind === 'refused' && event.reason === reason).length;
    const before = logged();
    const response = await send();
    expect(response.status).toBe(403);
    expect(response.text).toBe('');
    expect(response.headers.get('keep-alive')).toBe('timeout=60');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await expect.poll(logged).toBe(before + 1);
  }

  it('a body changed after signing', async () => {
    const signed = handSign(target(), 'merchant', hmac, params);
    await expectRefused(() => post(target(), { ...signed, body: signed.body.replace('o-1', 'o-2') }), 'invalid_signature');
  });

  it('a wrong control key', async () => {
    await expectRefused(() => post(target(), handSign(target(), 'merchant', { method: 'HMAC-SHA1', controlKey: 'guess' }, params)), 'invalid_signature');
  });

  it('a timestamp outside the 300 s window', async () => {
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    await expectRefused(() => post(target(), handSign(target(), 'merchant', hmac, params, { timestamp: stale })), 'stale_timestamp');
  });

  it('a replayed nonce', async () => {
    const signed = handSign(target(), 'merchant', hmac, params);
    expect((await post(target(), signed)).status).toBe(200);
    await expectRefused(() => post(target(), signed), 'replayed_nonce');
  });

  it('an unknown login', async () => {
    await expectRefused(() => post(target(), handSign(target(), 'stranger', hmac, params)), 'unknown_consumer');
  });

  it('HMAC-SHA1 from a merchant registered with RSA keys only', async () => {
    const other = url('v2/pan-eligibility/send/77');
    await expectRefused(() => post(other, handSign(other, 'rsa-only', hmac, params)), 'signature_method_not_allowed');
  });

  it('an endpoint id not assigned to the signing merchant', async () => {
    const other = url('v2/pan-eligibility/send/77');
    await expectRefused(() => post(other, handSign(other, 'merchant', hmac, params)), 'endpoint_not_assigned');
  });

  it('no Authorization header', async () => {
    await expectRefused(async () => {
      const response = await fetch(target(), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'client-order-id=o-1' });
      return { status: response.status, headers: response.headers, text: await response.text() };
    }, 'missing_parameter');
  });

  it('never logs the control key or a card number', () => {
    const logged = JSON.stringify(events);
    expect(logged).not.toContain(hmac.controlKey);
    expect(logged).not.toContain('4111111111111111');
  });
});

describe('under load', () => {
  it('applies every one of 200 concurrent updates of the same profile, one after another', async () => {
    const target = url('v4/update-recurring-payments/1234');
    const start = (await server.emulator.profiles.get('rp-2'))!.revision;
    const firstEvent = events.length;
    const replies = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const payload = handPayload([updateRow('rp-2', { amount: `${i + 1}.00`, 'client-orderid': `load-${i}` })]);
        return readReply((await post(target, handSign(target, 'merchant', hmac, [['payload', payload]]))).text);
      }),
    );
    expect(replies.every((reply) => reply.type === 'update-recurring-payment-response')).toBe(true);
    const updates = events.slice(firstEvent).filter((e): e is Extract<EmulatorEvent, { kind: 'updated' }> => e.kind === 'updated');
    expect(updates.map((e) => e.revision).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => start + i + 1));
    const final = (await server.emulator.profiles.get('rp-2'))!;
    expect(final.revision).toBe(start + 200);
    // The profile holds what the update with the last revision wrote: nothing was overwritten by a stale read.
    const last = updates.find((e) => e.revision === start + 200)!;
    const lastReply = replies.find((reply) => reply['serial-number'] === last.serialNumber)!;
    expect(final.fields['client-orderid']).toBe(lastReply['merchant-order-id']);
  });
});
