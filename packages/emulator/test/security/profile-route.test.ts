// Item: the unauthenticated profile route must not hand out personal data; and formula-like
// cells (=, +, -, @) are kept and served back verbatim in JSON, which is not a spreadsheet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handPayload, handSign, post, readReply } from '../independent-signer.js';

const hmac = { method: 'HMAC-SHA1', controlKey: 'profile-control-key' } as const;
const personal = {
  ssn: '078-05-1120',
  email: 'jose.muller@example.com',
  phone: '+351912345678',
  birthday: '01.02.1980',
  'first-name': 'Jose',
  'last-name': 'Muller',
  'card-printed-name': 'JOSE MULLER',
  address1: 'Rua Augusta 1',
  'zip-code': '1100-048',
  'customer-ip': '203.0.113.9',
};
const profile = {
  'recurring-payment-id': 'rp-1',
  'client-orderid': 'order-1',
  'credit-card-number': '4111111111111111',
  'expire-year': '2030',
  'expire-month': '12',
  amount: '10.00',
  currency: 'EUR',
  period: 'month',
  interval: '1',
  city: 'Lisbon',
  country: 'PT',
  ...personal,
};

let server: RunningEmulator;
beforeAll(async () => {
  server = await serve({
    merchants: [{ login: 'merchant', controlKey: hmac.controlKey, endpointIds: ['1234'], currency: 'EUR' }],
    profiles: [profile, { 'recurring-payment-id': 'rp-2', 'x-passport-number': 'P1234567' }],
    log: () => {},
  });
});
afterAll(() => server.close());

async function getProfile(id: string) {
  const response = await fetch(`${server.url}/payment/emulator/recurring-payments/${id}`);
  return { response, body: (await response.json()) as { id: string; revision: number; fields: Record<string, string> } };
}

describe('GET /emulator/recurring-payments/{id} over HTTP', () => {
  it('serves no SSN, e-mail, phone or other personal data, only that the field is set', async () => {
    const { response, body } = await getProfile('rp-1');
    expect(response.status).toBe(200);
    const text = JSON.stringify(body);
    for (const value of Object.values(personal)) expect(text).not.toContain(value);
    expect(text).not.toContain('4111111111111111');
    for (const name of Object.keys(personal)) expect(body.fields[name]).toBe('[redacted]');
    expect(body.fields['credit-card-number']).toBe('411111******1111');
    expect(body.fields).toMatchObject({
      'recurring-payment-id': 'rp-1',
      amount: '10.00',
      period: 'month',
      city: 'Lisbon',
      country: 'PT',
      'expire-month': '12',
    });
  });

  it('answers as JSON that browsers must not sniff, with the gateway headers', async () => {
    const { response } = await getProfile('rp-1');
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('redacts a field the emulator does not know as well: only known non-personal fields are shown', async () => {
    const { body } = await getProfile('rp-2');
    expect(body.fields['x-passport-number']).toBe('[redacted]');
    expect(JSON.stringify(body)).not.toContain('P1234567');
  });
});

describe('formula-like cells (=, +, -, @): kept as sent, served back verbatim in JSON and form replies', () => {
  const formulas = { 'payment-description': "=cmd|' /C calc'!A0", city: '+SUM(1,2)', purpose: '-2+3', 'client-orderid': '@SUM(A1:A9)' };

  it('stores the cells unchanged and serves them back unchanged in the JSON profile', async () => {
    const target = `${server.url}/payment/api/v4/update-recurring-payments/1234`;
    const response = await post(target, handSign(target, 'merchant', hmac, [['payload', handPayload([{ ...profile, ...formulas }])]]));
    const reply = readReply(response.text);
    expect(reply['error-message']).toBeUndefined();
    expect(reply.type).toBe('update-recurring-payment-response');
    expect(reply['merchant-order-id']).toBe('@SUM(A1:A9)'); // the form reply echoes it as sent
    const { response: got, body } = await getProfile('rp-1');
    expect(got.headers.get('content-type')).toMatch(/^application\/json\b/);
    for (const [name, value] of Object.entries(formulas)) expect(body.fields[name]).toBe(value);
  });

  it('refuses a payload with a NUL byte in a cell (payload-codec) and stores nothing', async () => {
    const before = (await server.emulator.profiles.get('rp-1'))!;
    const target = `${server.url}/payment/api/v4/update-recurring-payments/1234`;
    const response = await post(target, handSign(target, 'merchant', hmac, [['payload', handPayload([{ ...profile, city: 'Lis\u0000bon' }])]]));
    const reply = readReply(response.text);
    expect(reply.type).toBe('validation-error');
    expect(reply['error-message']).toMatch(/^payload: /);
    expect(await server.emulator.profiles.get('rp-1')).toEqual(before);
  });
});
