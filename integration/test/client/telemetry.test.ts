// OpenTelemetry spans (issue 28 item 4): the SDK's in-memory exporter, registered as the global
// provider, collects the spans of a client holding both keys over real HTTP against the emulator,
// and of the callback handler; a fast-check property puts card-shaped values in every request
// field, every reply field and every callback parameter, and finds none in any span.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { createCallbackHandler, createGatewayClient, type TransferRequest } from '@paysign/gateway';
import { openTelemetry } from '@paysign/gateway/opentelemetry';
import { callbackControl } from '@paysign/protocol';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
const telemetry = openTelemetry();

const CONTROL_KEY = 'telemetry-control-key-0123456789';
const merchant = { login: 'merchant', controlKey: CONTROL_KEY, endpointIds: ['1234'], currency: 'EUR' } as const;
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const PAN = '4111111111111111';
const TRANSFER: TransferRequest = {
  clientOrderId: 'transfer-1',
  amount: '10.00',
  currency: 'EUR',
  creditCardNumber: PAN,
  cardPrintedName: 'JOHN DOE',
  expireMonth: 12,
  expireYear: 2030,
  cvv2: '737',
  destinationCardNo: '5555555555554444',
};

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await serve({
    merchants: [merchant],
    profiles: [
      {
        'recurring-payment-id': 'rp-1',
        'client-orderid': 'order-1',
        'credit-card-number': PAN,
        amount: '5.00',
        currency: 'EUR',
        period: 'month',
        interval: '1',
      },
    ],
    log: () => {},
  });
  emulator.emulator.merchants.addPublicKey(merchant.login, publicKey);
});
afterAll(async () => {
  await emulator.close();
  await provider.shutdown();
});
beforeEach(() => exporter.reset());

/** Everything a span holds, as text: its name, status, attributes and events. */
function spanText(span: ReadableSpan): string {
  return JSON.stringify([span.name, span.status, span.attributes, span.events.map((event) => [event.name, event.attributes]), span.links]);
}

const ALLOWED_ATTRIBUTES = new Set([
  'paysign.operation',
  'paysign.signature_method',
  'http.request.method',
  'url.template',
  'http.response.status_code',
  'paysign.gateway.type',
  'paysign.gateway.status',
  'paysign.gateway.serial_number',
  'error.type',
  'paysign.callback.verdict',
  'paysign.callback.refusal',
  'paysign.callback.status',
]);

describe('one span per client operation, over real HTTP against the emulator', () => {
  it('pan-eligibility/send, transfer and update-recurring-payments: name, kind, operation, URL template, status, method, gateway fields', async () => {
    const client = createGatewayClient({ baseUrl: emulator.url, endpointId: '1234', login: merchant.login, controlKey: CONTROL_KEY, privateKey, telemetry });
    const pan = await client.panEligibilitySend({ clientOrderId: 'pan-1', sendingCardRefId: 'ref-1' });
    const transfer = await client.transfer(TRANSFER);
    await client.updateRecurringPayments([
      {
        clientOrderId: 'order-1',
        recurringPaymentId: 'rp-1',
        creditCardNumber: PAN,
        cardPrintedName: 'JOHN DOE',
        expireYear: 2030,
        expireMonth: 12,
        amount: '9.99',
        period: 'month',
        interval: 1,
        startDate: '31.01.2030',
        currency: 'EUR',
      },
    ]);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => [span.name, span.kind])).toEqual([
      ['paysign pan-eligibility/send', SpanKind.CLIENT],
      ['paysign transfer', SpanKind.CLIENT],
      ['paysign update-recurring-payments', SpanKind.CLIENT],
    ]);
    expect(spans[0]?.attributes).toEqual({
      'paysign.operation': 'pan-eligibility/send',
      'paysign.signature_method': 'HMAC-SHA1',
      'http.request.method': 'POST',
      'url.template': '/payment/api/v2/pan-eligibility/send/{endpoint_id}',
      'http.response.status_code': 200,
      'paysign.gateway.type': pan.type,
      'paysign.gateway.status': pan.status,
      'paysign.gateway.serial_number': pan.serialNumber,
    });
    expect(spans[1]?.attributes).toMatchObject({
      'paysign.signature_method': 'RSA-SHA256',
      'url.template': '/payment/api/v4/transfer/{endpoint_id}',
      'paysign.gateway.serial_number': transfer.serialNumber,
    });
    expect(spans[2]?.attributes).toMatchObject({ 'paysign.signature_method': 'RSA-SHA256', 'http.response.status_code': 200 });
    for (const span of spans) {
      expect(span.status.code).toBe(SpanStatusCode.UNSET);
      const text = spanText(span);
      for (const secret of [PAN, '5555555555554444', CONTROL_KEY, 'PRIVATE KEY', '737']) expect(text).not.toContain(secret);
    }
  });

  it('a refused signature, a validation refusal and an unreachable gateway: the error code, status ERROR, no message', async () => {
    const wrongKey = createGatewayClient({ baseUrl: emulator.url, endpointId: '1234', login: merchant.login, controlKey: 'not-the-control-key', telemetry });
    await expect(wrongKey.panEligibilitySend({ clientOrderId: 'pan-2', sendingCardRefId: 'ref-2' })).rejects.toMatchObject({ code: 'AUTHENTICATION_FAILED' });
    await expect(wrongKey.transfer({ ...TRANSFER, amount: '-1' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createGatewayClient({ baseUrl: `http://127.0.0.1:${port}`, endpointId: '1234', login: 'm', controlKey: CONTROL_KEY, telemetry });
    await expect(unreachable.panEligibilitySend({ clientOrderId: 'pan-3', sendingCardRefId: 'ref-3' })).rejects.toMatchObject({ code: 'TRANSPORT_FAILED' });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => [span.name, span.attributes['error.type'], span.attributes['http.response.status_code'], span.status])).toEqual([
      ['paysign pan-eligibility/send', 'AUTHENTICATION_FAILED', 403, { code: SpanStatusCode.ERROR, message: 'AUTHENTICATION_FAILED' }],
      ['paysign transfer', 'VALIDATION_FAILED', undefined, { code: SpanStatusCode.ERROR, message: 'VALIDATION_FAILED' }],
      ['paysign pan-eligibility/send', 'TRANSPORT_FAILED', undefined, { code: SpanStatusCode.ERROR, message: 'TRANSPORT_FAILED' }],
    ]);
    for (const span of spans) expect(spanText(span)).not.toContain(PAN);
  });

  it('without telemetry, or with the API but no SDK, nothing is recorded and the client works', async () => {
    const client = createGatewayClient({ baseUrl: emulator.url, endpointId: '1234', login: merchant.login, controlKey: CONTROL_KEY });
    await client.panEligibilitySend({ clientOrderId: 'pan-4', sendingCardRefId: 'ref-4' });
    trace.disable();
    try {
      const noSdk = createGatewayClient({
        baseUrl: emulator.url,
        endpointId: '1234',
        login: merchant.login,
        controlKey: CONTROL_KEY,
        telemetry: openTelemetry(),
      });
      expect((await noSdk.panEligibilitySend({ clientOrderId: 'pan-5', sendingCardRefId: 'ref-5' })).httpStatus).toBe(200);
    } finally {
      trace.setGlobalTracerProvider(provider);
    }
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

describe('one span per callback', () => {
  it('handled, duplicate and refused: the verdict, the reason, the signed status, the HTTP status; never control', async () => {
    const handler = createCallbackHandler({
      controlKey: CONTROL_KEY,
      findOrder: (merchantOrder) => (merchantOrder === 'order-55' ? {} : undefined),
      onCallback: () => {},
      telemetry,
    });
    const fields = { status: 'approved', orderid: '9021', merchantOrder: 'order-55' };
    const control = await callbackControl(fields, CONTROL_KEY);
    const url = `http://127.0.0.1/cb?status=approved&orderid=9021&merchant_order=order-55&amount=10.00&control=${control}`;
    expect((await handler(new Request(url))).status).toBe(200);
    expect((await handler(new Request(url))).status).toBe(200);
    expect((await handler(new Request(url.replace(control, 'f'.repeat(40))))).status).toBe(403);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => [span.name, span.kind, span.attributes])).toEqual([
      [
        'paysign callback',
        SpanKind.SERVER,
        {
          'paysign.operation': 'callback',
          'http.request.method': 'GET',
          'paysign.callback.verdict': 'handled',
          'http.response.status_code': 200,
          'paysign.callback.status': 'approved',
        },
      ],
      [
        'paysign callback',
        SpanKind.SERVER,
        {
          'paysign.operation': 'callback',
          'http.request.method': 'GET',
          'paysign.callback.verdict': 'duplicate',
          'http.response.status_code': 200,
          'paysign.callback.status': 'approved',
        },
      ],
      [
        'paysign callback',
        SpanKind.SERVER,
        {
          'paysign.operation': 'callback',
          'http.request.method': 'GET',
          'paysign.callback.verdict': 'refused',
          'http.response.status_code': 403,
          'paysign.callback.refusal': 'checksum_mismatch',
        },
      ],
    ]);
    for (const span of spans) expect(spanText(span)).not.toContain(control);
  });
});

// A Luhn-valid card number of 16 digits, from 15 random ones.
const cardNumber = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }).map((digits) => {
  const body = digits.join('');
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(body[14 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
});

describe('no card data in any span (fast-check)', () => {
  let echo: Server;
  let echoUrl = '';
  let echoed = '';
  beforeAll(async () => {
    // A gateway stand-in that echoes the card number in every reply field the span may read.
    echo = createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        response.writeHead(200).end(`type=${echoed}\n&status=${echoed}\n&serial-number=${echoed}\n&paynet-order-id=${echoed}\n&error-message=${echoed}\n`),
      );
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

  it('card-shaped values in every request field, reply field and callback parameter never reach a span', async () => {
    const client = createGatewayClient({ baseUrl: echoUrl, endpointId: '1234', login: 'merchant', controlKey: CONTROL_KEY, telemetry });
    const handler = createCallbackHandler({ controlKey: CONTROL_KEY, findOrder: () => ({}), onCallback: () => {}, telemetry });
    await fc.assert(
      fc.asyncProperty(cardNumber, fc.constantFrom('', ' ', '-'), async (pan, separator) => {
        exporter.reset();
        const shaped = pan.replace(/(\d{4})(?=\d)/g, `$1${separator}`);
        echoed = shaped;
        const every = (value: string) => ({
          clientOrderId: value,
          amount: '10.00',
          currency: 'EUR',
          creditCardNumber: value,
          cardPrintedName: value,
          cvv2: '737',
          destinationCardNo: value,
          orderDesc: value,
          cardRecurringPaymentId: value,
          destinationCardRecurringPaymentId: value,
          ipaddress: value,
          redirectUrl: `https://m.example/${value}`,
        });
        await client.transfer(every(pan) as TransferRequest).catch(() => {});
        await client.panEligibilitySend({ clientOrderId: shaped, sendingCardRefId: pan }).catch(() => {});
        await client.panEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-1' }).catch(() => {});
        const control = await callbackControl({ status: 'approved', orderid: pan, merchantOrder: `order-${pan}` }, CONTROL_KEY);
        await handler(
          new Request(`http://127.0.0.1/cb?status=approved&orderid=${pan}&merchant_order=order-${pan}&client_orderid=${pan}&amount=${pan}&control=${control}`),
        );
        const spans = exporter.getFinishedSpans();
        expect(spans.length).toBe(4);
        for (const span of spans) {
          const text = spanText(span);
          expect(text).not.toContain(pan);
          expect(text).not.toContain(shaped);
          expect(text.replace(/\D/g, '')).not.toContain(pan.slice(6, 12)); // the middle digits, whatever the separators
          expect(text).not.toContain(control);
          expect(text).not.toContain(CONTROL_KEY);
          for (const name of Object.keys(span.attributes)) expect(ALLOWED_ATTRIBUTES.has(name)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });
});
