// The JSON reply variant (docs/reference/response-format.md: `Accept: application/vnd.pay+json`,
// 4xx + JSON body for validation errors, numeric `error-code` and `paynet-order-id`), over HTTP
// on loopback with requests signed by the independent signer, read back with the client's parser.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayResponseError, parseGatewayResponse, type GatewayResult } from '@paysign/gateway';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { encodeGatewayJsonReply } from '@paysign/protocol/wire';
import { handPayload, handSign, readReply, type HandSigned } from '../../../packages/emulator/test/independent-signer.js';

const JSON_TYPE = 'application/vnd.pay+json';
const hmac = { method: 'HMAC-SHA1', controlKey: 'json-control-key' } as const;
const profile = {
  'recurring-payment-id': 'rp-1',
  'client-orderid': 'order-1',
  'credit-card-number': '4111111111111111',
  'card-printed-name': 'JOSE MULLER',
  'expire-year': '2030',
  'expire-month': '12',
  amount: '10.00',
  currency: 'EUR',
  period: 'month',
  interval: '1',
};

let server: RunningEmulator;
beforeAll(async () => {
  server = await serve({
    merchants: [{ login: 'merchant', controlKey: hmac.controlKey, endpointIds: ['1234'], currency: 'EUR' }],
    profiles: [profile],
    log: () => {},
  });
});
afterAll(() => server.close());

const url = (path: string) => `${server.url}/payment/api/${path}`;

async function send(target: string, signed: HandSigned, accept?: string) {
  const response = await fetch(target, {
    method: 'POST',
    headers: {
      Authorization: signed.authorization,
      'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
      ...(accept !== undefined && { Accept: accept }),
    },
    body: signed.body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const panEligibility = (accept?: string) => {
  const target = url('v2/pan-eligibility/send/1234');
  return send(
    target,
    handSign(target, 'merchant', hmac, [
      ['client-order-id', 'order "1"/é'],
      ['sending-card-ref-id', 'ref-1'],
    ]),
    accept,
  );
};
const invalidUpdate = (accept?: string) => {
  const target = url('v4/update-recurring-payments/1234');
  const payload = handPayload([{ ...profile, 'card-printed-name': '', city: 'Porto' }]);
  return send(target, handSign(target, 'merchant', hmac, [['payload', payload]]), accept);
};

function parsed(reply: { status: number; headers: Headers; text: string }): GatewayResult {
  return parseGatewayResponse(reply.status, reply.text, reply.headers);
}
function parseFailure(reply: { status: number; headers: Headers; text: string }): GatewayResponseError {
  try {
    parsed(reply);
  } catch (error) {
    if (error instanceof GatewayResponseError) return error;
    throw error;
  }
  throw new Error('the reply parsed as a success');
}

describe('the JSON reply variant', () => {
  it('answers a success with 200 and the same fields as JSON, paynet-order-id a number, with the gateway headers', async () => {
    const reply = await panEligibility(JSON_TYPE);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(JSON_TYPE);
    expect(reply.text).toMatch(
      /^\{"type":"async-response","status":"processing","serial-number":"[0-9a-f-]{36}","merchant-order-id":"order \\"1\\"\/é","paynet-order-id":[1-9]\d*\}$/,
    );
    const body = JSON.parse(reply.text) as Record<string, unknown>;
    expect(typeof body['paynet-order-id']).toBe('number');
    expect(body['merchant-order-id']).toBe('order "1"/é');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('gives parseGatewayResponse the same typed result as the form reply (transfer and update successes)', async () => {
    const form = parsed(await panEligibility());
    const json = parsed(await panEligibility(`text/html;q=0.5, ${JSON_TYPE}`));
    // Each request gets its own serial number and order id; everything else must match.
    const sameIds = {
      serialNumber: json.serialNumber,
      paynetOrderId: json.paynetOrderId,
      fields: { ...form.fields, 'serial-number': json.fields['serial-number'], 'paynet-order-id': json.fields['paynet-order-id'] },
    };
    expect(json).toEqual({ ...form, ...sameIds });
    expect(json.fields['paynet-order-id']).toBe(String(Number(form.fields['paynet-order-id']) + 1));
    expect(json.paynetOrderId).toBe(json.fields['paynet-order-id']);

    const target = url('v4/update-recurring-payments/1234');
    const update = (accept?: string) => send(target, handSign(target, 'merchant', hmac, [['payload', handPayload([{ ...profile, city: 'Faro' }])]]), accept);
    const formUpdate = parsed(await update());
    const jsonUpdate = parsed(await update(JSON_TYPE));
    expect(jsonUpdate.type).toBe('update-recurring-payment-response');
    expect(jsonUpdate).toEqual({
      ...formUpdate,
      serialNumber: jsonUpdate.serialNumber,
      fields: { ...formUpdate.fields, 'serial-number': jsonUpdate.fields['serial-number'] },
    });
  });

  it('answers a validation error with HTTP 400 and a JSON body, error-code a number; the form variant keeps 200', async () => {
    const json = await invalidUpdate(JSON_TYPE);
    expect(json.status).toBe(400);
    expect(json.headers.get('content-type')).toBe(JSON_TYPE);
    const body = JSON.parse(json.text) as Record<string, unknown>;
    expect(body.type).toBe('validation-error');
    expect(body['error-code']).toBe(400);
    expect(body['error-message']).toMatch(/^row 1, card-printed-name/);
    expect(json.text).not.toContain('4111111111111111');

    const form = await invalidUpdate();
    expect(form.status).toBe(200);
    expect(readReply(form.text)['error-code']).toBe('400');
  });

  it('gives parseGatewayResponse the same GATEWAY_VALIDATION_ERROR for both variants, only the HTTP status differing', async () => {
    const form = parseFailure(await invalidUpdate());
    const json = parseFailure(await invalidUpdate(JSON_TYPE));
    expect(json.code).toBe('GATEWAY_VALIDATION_ERROR');
    expect(json.code).toBe(form.code);
    expect(json.details.gatewayCode).toBe('400');
    expect(json.details.httpStatus).toBe(400);
    expect(form.details.httpStatus).toBe(200);
    const serial = json.details.serialNumber;
    expect(json.details).toEqual({ ...form.details, httpStatus: 400, serialNumber: serial, fields: { ...form.details.fields, 'serial-number': serial } });
  });

  it('keeps authentication failures at 403 with an empty body when JSON is asked for', async () => {
    const target = url('v2/pan-eligibility/send/1234');
    const signed = handSign(target, 'merchant', { method: 'HMAC-SHA1', controlKey: 'wrong-key' }, [['client-order-id', 'o-1']]);
    const reply = await send(target, signed, JSON_TYPE);
    expect(reply.status).toBe(403);
    expect(reply.text).toBe('');
    expect(reply.headers.get('content-type')).toBeNull();
  });

  it('reads Accept as a list of media ranges: any case and parameters, but not q=0 nor a lookalike type', async () => {
    const isJson = async (accept: string) => (await panEligibility(accept)).headers.get('content-type') === JSON_TYPE;
    expect(await isJson('Application/VND.pay+JSON; charset=utf-8')).toBe(true);
    expect(await isJson(`${JSON_TYPE};q=0`)).toBe(false);
    expect(await isJson(`${JSON_TYPE}; q=0.000`)).toBe(false);
    expect(await isJson('application/json')).toBe(false);
    expect(await isJson('*/*')).toBe(false);
  });
});

describe('encodeGatewayJsonReply', () => {
  it('round-trips every value through parseGatewayResponse exactly, numbers included (fast-check)', () => {
    const name = fc.oneof(fc.constantFrom('error-code', 'paynet-order-id', 'merchant-order-id', 'status'), fc.string({ minLength: 1, maxLength: 12 }));
    const value = fc.oneof(fc.string(), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String), fc.constantFrom('007', '1.5', '-0', '1e3'));
    const pairs = fc
      .uniqueArray(fc.tuple(name, value), { selector: ([n]) => n, maxLength: 8 })
      .map((rest) => [['type', 'async-response'] as [string, string], ...rest.filter(([n]) => n !== 'type')]);
    fc.assert(
      fc.property(pairs, (reply) => {
        const result = parseGatewayResponse(200, encodeGatewayJsonReply(reply), { 'content-type': JSON_TYPE });
        expect(result.fields).toEqual(Object.fromEntries(reply));
      }),
      { numRuns: 200 },
    );
  });

  it('writes error-code and paynet-order-id as numbers only when they are integers, and refuses a repeated name', () => {
    expect(
      encodeGatewayJsonReply([
        ['paynet-order-id', '12345678901234567890123'],
        ['error-code', '007'],
        ['serial-number', '42'],
      ]),
    ).toBe('{"paynet-order-id":12345678901234567890123,"error-code":"007","serial-number":"42"}');
    expect(() =>
      encodeGatewayJsonReply([
        ['type', 'a'],
        ['type', 'b'],
      ]),
    ).toThrow(TypeError);
  });
});
