// client.request: a command the client does not wrap, signed as the wrapped ones are, checked over
// real HTTP by a verifier written here from RFC 5849 (fixtures' hand-made base string, node:crypto's
// HMAC and RSA), not by oauth-core.
import { createHmac, generateKeyPairSync, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGatewayClient,
  GatewayAuthenticationError,
  GatewayResponseError,
  GatewayValidationError,
  type GatewayTelemetry,
  type TelemetryAttributes,
} from '../src/index.js';
import { handBaseString, readAuthorization, readBody, rfc3986, startServer, TEST_PAN, type SeenRequest } from './fixtures.js';

const CONTROL_KEY = 'control & key';
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** Verifies a request as a server holding the merchant's keys would (RFC 5849 §3.4.1, §3.4.2, §3.4.3); returns the method. */
function verifyIndependently(request: SeenRequest, host: string): string | undefined {
  const header = readAuthorization(request.headers.authorization);
  const body = readBody(request.body);
  const signature = header.get('oauth_signature');
  if (signature === undefined) throw new Error('no oauth_signature');
  const signed = new Map([...body, ...header]);
  signed.delete('oauth_signature');
  signed.delete('realm');
  const baseString = handBaseString(`${host}${request.path}`, signed);
  const method = header.get('oauth_signature_method');
  const ok =
    method === 'HMAC-SHA1'
      ? createHmac('sha1', `${rfc3986(CONTROL_KEY)}&`)
          .update(baseString)
          .digest('base64') === signature
      : method === 'RSA-SHA256' && verify('sha256', Buffer.from(baseString), publicKey, Buffer.from(signature, 'base64'));
  if (!ok) throw new Error(`signature does not verify (${method})`);
  return method;
}

describe('client.request: any command of the gateway', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let reply = (_request: SeenRequest) => ({ status: 200, body: 'type=status-response\n&status=approved\n&serial-number=77\n' });
  beforeAll(async () => {
    server = await startServer((request, response) => {
      const { status, body } = reply(request);
      response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
    });
  });
  afterAll(() => server.close());
  const last = () => server.seen.at(-1) as SeenRequest;

  it('sends status (v4) to the path the wrapped commands use, HMAC-SHA1 with only a control key, and reads the reply', async () => {
    const client = createGatewayClient({
      baseUrl: `${server.url}/gate/`,
      endpointId: 'end 1',
      login: 'merchant-login',
      controlKey: CONTROL_KEY,
      pathPrefix: '/payment',
    });
    const result = await client.request('status', { client_orderid: 'order-1', orderid: '1234567', login: 'x' });
    expect(result).toMatchObject({ httpStatus: 200, type: 'status-response', status: 'approved', serialNumber: '77' });
    expect(last().path).toBe('/gate/payment/api/v4/status/end%201');
    expect(verifyIndependently(last(), server.url)).toBe('HMAC-SHA1');
    expect([...readBody(last().body)].filter(([name]) => !name.startsWith('oauth_'))).toEqual([
      ['client_orderid', 'order-1'],
      ['orderid', '1234567'],
      ['login', 'x'],
    ]);
  });

  it('signs create-recurring-payments with RSA-SHA256 where a private key is held, and pan-eligibility/send as its wrapped method does', async () => {
    const client = createGatewayClient({ baseUrl: server.url, endpointId: '1234', login: 'merchant-login', controlKey: CONTROL_KEY, privateKey });
    await client.request('create-recurring-payments', { client_orderid: 'order-2', amount: '9.99', credit_card_number: TEST_PAN });
    expect(last().path).toBe('/payment/api/v4/create-recurring-payments/1234');
    expect(verifyIndependently(last(), server.url)).toBe('RSA-SHA256');
    await client.request('pan-eligibility/send', { 'client-order-id': 'o', 'sending-card-ref-id': 'r' });
    expect(last().path).toBe('/payment/api/v2/pan-eligibility/send/1234');
    expect(verifyIndependently(last(), server.url)).toBe(client.signatureMethods['pan-eligibility/send']);
    expect(client.signatureMethods['pan-eligibility/send']).toBe('HMAC-SHA1');
  });

  it('takes the version and the signature method from its options', async () => {
    const client = createGatewayClient({ baseUrl: server.url, endpointId: '9', login: 'merchant-login', controlKey: CONTROL_KEY, privateKey });
    await client.request('status', { orderid: '1' }, { version: 'v2', signatureMethod: 'HMAC-SHA1' });
    expect(last().path).toBe('/payment/api/v2/status/9');
    expect(verifyIndependently(last(), server.url)).toBe('HMAC-SHA1');
  });

  it('a wrapped method is request plus its validation: the same bytes signed', async () => {
    const fixed = { nonce: () => 'n0nce', timestamp: () => 1_700_000_000 };
    const client = createGatewayClient({ baseUrl: server.url, endpointId: '1', login: 'merchant-login', controlKey: CONTROL_KEY, ...fixed });
    await client.panEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' });
    const wrapped = last();
    await client.request('pan-eligibility/send', { 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' });
    expect(last().path).toBe(wrapped.path);
    expect(last().body).toBe(wrapped.body);
    expect(last().headers.authorization).toBe(wrapped.headers.authorization);
  });

  it.each([
    ['', 'operation'],
    ['../status', 'operation'],
    ['status/../transfer', 'operation'],
    ['status?x=1', 'operation'],
    ['Status', 'operation'],
    ['status%2F', 'operation'],
    ['status/', 'operation'],
    ['a'.repeat(65), 'operation'],
  ])('refuses the command name %j before sending (a typed error naming %s)', async (operation, field) => {
    const client = createGatewayClient({ baseUrl: server.url, endpointId: '1', login: 'merchant-login', controlKey: CONTROL_KEY });
    const before = server.seen.length;
    const error = await client.request(operation, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayValidationError);
    expect((error as GatewayValidationError).code).toBe('VALIDATION_FAILED');
    expect((error as GatewayValidationError).issues.map((issue) => issue.field)).toEqual([field]);
    expect(server.seen.length).toBe(before);
  });

  it('refuses a bad version, a non-text parameter and a method whose key it was not given, naming each', async () => {
    const client = createGatewayClient({ baseUrl: server.url, endpointId: '1', login: 'merchant-login', controlKey: CONTROL_KEY });
    const before = server.seen.length;
    const bad = await client.request('status', { amount: 10 as unknown as string }, { version: '4' }).catch((e: unknown) => e);
    expect((bad as GatewayValidationError).issues.map((issue) => [issue.field, issue.rule])).toEqual([
      ['options.version', 'invalid-request'],
      ['params.amount', 'type'],
    ]);
    const noKey = await client.request('status', {}, { signatureMethod: 'RSA-SHA256' }).catch((e: unknown) => e);
    expect(noKey).toBeInstanceOf(GatewayValidationError);
    expect((noKey as GatewayValidationError).code).toBe('INVALID_OPTIONS');
    expect((noKey as GatewayValidationError).issues[0]?.field).toBe('options.signatureMethod');
    const huge = await client.request('status', { comment: 'x'.repeat(1_048_577) }).catch((e: unknown) => e);
    expect((huge as GatewayValidationError).issues.map((issue) => [issue.field, issue.rule])).toEqual([['params', 'max-length']]);
    expect(server.seen.length).toBe(before);
  });

  it('masks the card data of its params in the errors and spans it makes, and raises the same typed errors', async () => {
    const spans: { name: string; attributes: TelemetryAttributes[] }[] = [];
    const telemetry: GatewayTelemetry = {
      startSpan(name, _kind, attributes) {
        const span = { name, attributes: [attributes] };
        spans.push(span);
        return { setAttributes: (more) => span.attributes.push(more), fail: () => {}, end: () => {} };
      },
    };
    const client = createGatewayClient({ baseUrl: server.url, endpointId: '1', login: 'merchant-login', controlKey: CONTROL_KEY, telemetry });
    reply = () => ({ status: 403, body: '' });
    const refused = await client.request('sale', { credit_card_number: TEST_PAN, cvv2: '987' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayAuthenticationError);
    const shown = (refused as GatewayAuthenticationError).redactedBaseString ?? '';
    expect(shown).toContain('sale');
    expect(shown).not.toContain(TEST_PAN);
    expect(shown).toContain(`${TEST_PAN.slice(0, 6)}******${TEST_PAN.slice(-4)}`);
    expect(shown).not.toContain('987');
    reply = () => ({ status: 200, body: `type=validation-error\n&error-code=2\n&error-message=bad+card+${TEST_PAN}\n` });
    const echoed = await client.request('sale', { credit_card_number: TEST_PAN }).catch((e: unknown) => e);
    expect(echoed).toBeInstanceOf(GatewayResponseError);
    expect((echoed as GatewayResponseError).code).toBe('GATEWAY_VALIDATION_ERROR');
    expect(JSON.stringify([(echoed as Error).message, (echoed as GatewayResponseError).details])).not.toContain(TEST_PAN);
    expect(spans.map((span) => span.name)).toEqual(['paysign sale', 'paysign sale']);
    expect(spans[0]?.attributes[0]).toMatchObject({ 'paysign.operation': 'sale', 'url.template': '/payment/api/v4/sale/{endpoint_id}' });
    expect(JSON.stringify(spans)).not.toContain(TEST_PAN);
    reply = () => ({ status: 200, body: 'type=status-response\n&status=approved\n&serial-number=77\n' });
  });
});
