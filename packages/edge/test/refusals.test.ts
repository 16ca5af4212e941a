import { describe, expect, it } from 'vitest';
import { callerRequest, CALLER_TOKEN, ENDPOINT, errorOf, harness, PAN, PAN_PATH, PROXY, TRANSFER_PATH, UPDATE_PATH } from './helpers.js';

const panParams = { 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' };

// Every refusal happens before anything is signed: the upstream must never see a request.
async function refused(request: Request, overrides = {}): Promise<{ status: number; error: Awaited<ReturnType<typeof errorOf>>; headers: Headers }> {
  const { proxy, upstream, events } = harness(overrides);
  const response = await proxy.fetch(request);
  expect(upstream).toHaveLength(0);
  const error = await errorOf(response);
  expect(events).toEqual([expect.objectContaining({ kind: 'refused', status: response.status, code: error.code })]);
  return { status: response.status, error, headers: response.headers };
}

describe('a request the proxy must not sign is refused with a JSON error and the right status', () => {
  it('405 for any method but POST, with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const { status, error, headers } = await refused(new Request(`${PROXY}${PAN_PATH}`, { method, headers: { Authorization: `Bearer ${CALLER_TOKEN}` } }));
      expect([status, error.code, headers.get('allow')]).toEqual([405, 'METHOD_NOT_ALLOWED', 'POST']);
    }
  });

  it('401 without credentials, with a challenge naming both ways to authenticate', async () => {
    const request = new Request(`${PROXY}${PAN_PATH}`, { method: 'POST', body: new URLSearchParams(panParams) });
    const { status, error, headers } = await refused(request);
    expect(status).toBe(401);
    expect(error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'authentication required: send Authorization: Bearer <token> or Paysign-Timestamp and Paysign-Signature headers',
    });
    expect(headers.get('www-authenticate')).toBe('Bearer realm="paysign-edge", Paysign-HMAC-SHA256');
  });

  it('401 for a wrong token, a token that differs in its last character, or another scheme', async () => {
    const wrong = [
      `Bearer ${CALLER_TOKEN.slice(0, -1)}x`,
      `Bearer ${CALLER_TOKEN}0`,
      'Bearer short',
      `Basic ${btoa(`u:${CALLER_TOKEN}`)}`,
      `Bearer  ${CALLER_TOKEN}`,
    ];
    for (const authorization of wrong) {
      const { status, error } = await refused(callerRequest(PAN_PATH, panParams, { Authorization: authorization }));
      expect([status, error.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });

  it('accepts the bearer scheme in any case (RFC 7235 §2.1)', async () => {
    const { proxy } = harness();
    expect((await proxy.fetch(callerRequest(PAN_PATH, panParams, { Authorization: `bearer ${CALLER_TOKEN}` }))).status).toBe(200);
  });

  it('authenticates before routing: an anonymous caller learns nothing about paths or the allowlist', async () => {
    const request = new Request(`${PROXY}/payment/api/v4/transfer/9999`, { method: 'POST', body: 'a=1' });
    expect((await refused(request)).status).toBe(401);
  });

  it('404 for a path that is no gateway operation, or an operation at the wrong version', async () => {
    for (const path of [
      '/',
      '/payment/api/v4/pan-eligibility/send/1234',
      '/payment/api/v4/transfer',
      '/payment/api/v4/transfer/1234/extra',
      '/payment/api/v4/refund/1234',
    ]) {
      const { status, error } = await refused(callerRequest(path, panParams));
      expect([status, error.code]).toEqual([404, 'UNKNOWN_OPERATION']);
    }
  });

  it('403 for an operation or an endpoint id that is not on the allowlist', async () => {
    const operation = await refused(callerRequest(TRANSFER_PATH, {}), { allow: { 'pan-eligibility/send': [ENDPOINT] } });
    expect([operation.status, operation.error]).toEqual([403, { code: 'OPERATION_NOT_ALLOWED', message: 'this proxy does not sign transfer' }]);
    const endpoint = await refused(callerRequest('/payment/api/v2/pan-eligibility/send/5678', panParams));
    expect([endpoint.status, endpoint.error]).toEqual([
      403,
      { code: 'ENDPOINT_NOT_ALLOWED', message: 'this proxy does not sign pan-eligibility/send for endpoint 5678' },
    ]);
  });

  it('413 for a body over maxBodyBytes, by Content-Length or while streaming', async () => {
    const big = 'a='.padEnd(101, 'x');
    const declared = await refused(callerRequest(PAN_PATH, big), { maxBodyBytes: 100 });
    expect([declared.status, declared.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(30).fill(97));
        controller.close();
      },
    });
    const streamed = new Request(`${PROXY}${PAN_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${CALLER_TOKEN}` },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.headers.get('content-length')).toBeNull();
    const result = await refused(streamed, { maxBodyBytes: 100 });
    expect([result.status, result.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('415 for a body that is not application/x-www-form-urlencoded', async () => {
    const { status, error } = await refused(callerRequest(PAN_PATH, JSON.stringify(panParams), { 'Content-Type': 'application/json' }));
    expect([status, error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it('400 for a malformed percent escape or bytes that are not UTF-8', async () => {
    for (const body of ['client-order-id=%E0%A4%A', 'client-order-id=%FF']) {
      const { status, error } = await refused(callerRequest(PAN_PATH, body));
      expect([status, error.code]).toEqual([400, 'MALFORMED_REQUEST']);
    }
    const raw = new Request(`${PROXY}${PAN_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${CALLER_TOKEN}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new Uint8Array([0x61, 0x3d, 0xff]),
    });
    expect((await refused(raw)).status).toBe(400);
  });

  it('422 with every broken gateway rule, each naming the field and rule, a card number masked', async () => {
    const missing = await refused(callerRequest(PAN_PATH, { 'client-order-id': 'order-1', extra: 'x' }));
    expect(missing.status).toBe(422);
    expect(missing.error.code).toBe('VALIDATION_FAILED');
    expect(missing.error.issues!.map(({ field, rule }) => [field, rule])).toEqual([
      ['extra', 'unknown-field'],
      ['sending-card-ref-id', 'required'],
    ]);

    const badPan = `${PAN.slice(0, -1)}2`;
    const transfer = await refused(
      callerRequest(TRANSFER_PATH, { client_orderid: 'o', amount: '1.00', currency: 'EUR', card_recurring_payment_id: 's', 'destination-card-no': badPan }),
    );
    expect(transfer.error.issues).toContainEqual(expect.objectContaining({ field: 'destination-card-no', rule: 'luhn' }));
    expect(JSON.stringify(transfer.error)).not.toContain(badPan);
  });

  it('422 for a field given twice: the gateway would read only one of them', async () => {
    const { error } = await refused(callerRequest(PAN_PATH, 'client-order-id=a&client-order-id=b&sending-card-ref-id=r'));
    expect(error.issues).toEqual([
      { field: 'client-order-id', rule: 'repeated', message: 'client-order-id: is given more than once; the gateway reads each field once' },
    ]);
  });

  it('422 for update-recurring-payments without a payload, with a broken payload, or with a row that breaks a rule', async () => {
    expect((await refused(callerRequest(UPDATE_PATH, {}))).error.issues).toEqual([
      { field: 'payload', rule: 'required', message: 'payload: is required: the Base64 of the CSV document of recurring payments' },
    ]);
    const notBase64 = await refused(callerRequest(UPDATE_PATH, { payload: 'not base64!' }));
    expect(notBase64.error.issues).toEqual([expect.objectContaining({ field: 'payload', rule: 'invalid-base64' })]);
    const csv =
      'client-orderid;recurring-payment-id;credit-card-number;card-printed-name;expire-year;expire-month;amount;period\r\n' +
      `o;rp;${PAN};JOHN DOE;2030;13;9.99;day\r\n`;
    const row = await refused(callerRequest(UPDATE_PATH, { payload: btoa(csv) }));
    expect(row.error.issues!.map(({ field, rule, row: index }) => [field, rule, index])).toEqual(
      expect.arrayContaining([
        ['expire-month', 'expire-month-range', 1],
        ['interval', 'period-interval', 1],
      ]),
    );
    expect(JSON.stringify(row.error)).not.toContain(PAN);
  });

  it('500 without detail when the private key cannot be used, and the key never appears', async () => {
    const privateKey = '-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\n-----END RSA PRIVATE KEY-----';
    const { status, error } = await refused(callerRequest(PAN_PATH, panParams), { merchant: { login: 'm', signatureMethod: 'RSA-SHA256', privateKey } });
    expect(status).toBe(500);
    expect(error.code).toBe('PROXY_MISCONFIGURED');
    expect(error.message).toMatch(/^the proxy cannot sign with its merchant credentials \(INVALID_KEY: /);
    expect(error.message).not.toContain('MIIBOgIBAAJBAKj34');
  });
});
