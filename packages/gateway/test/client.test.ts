import { createHmac, generateKeyPairSync, verify } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createGatewayClient,
  GatewayAuthenticationError,
  GatewayError,
  GatewayResponseError,
  GatewayTimeoutError,
  GatewayTransportError,
  GatewayValidationError,
  type GatewayClientOptions,
  type GatewayClientSettings,
  type TransferRequest,
} from '../src/index.js';
import { handBaseString, validFields, readAuthorization, readBody, startServer, TEST_PAN, validPayment, type Handler } from './fixtures.js';

const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D3D7D3C1B5';
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handler: Handler) {
  const server = await startServer(handler);
  close = server.close;
  return server;
}

const empty200: Handler = (_, res) => res.writeHead(200, { 'Content-Length': '0' }).end();

function hmacClient(url: string, extra: Partial<GatewayClientSettings> = {}) {
  return createGatewayClient({ baseUrl: url, endpointId: '1234', login: 'merchant-login', controlKey: CONTROL_KEY, ...extra });
}

async function rejection(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected the promise to reject with a GatewayError');
}

/** Decodes the payload by hand: Base64 -> UTF-8 -> CRLF lines -> `;` cells. */
function decodePayloadByHand(payload: string): Record<string, string>[] {
  const lines = Buffer.from(payload, 'base64').toString('utf8').split('\r\n');
  expect(lines.at(-1)).toBe('');
  const [header, ...rows] = lines.slice(0, -1).map((line) => line.split(';'));
  return rows.map((cells) => Object.fromEntries((header as string[]).map((name, i) => [name, cells[i] as string])));
}

describe('update-recurring-payments with HMAC-SHA1', () => {
  it('POSTs to /payment/api/v4/update-recurring-payments/{endpoint_id}, signed, OAuth params in the body too', async () => {
    const server = await serve(empty200);
    const result = await hmacClient(server.url).updateRecurringPayments([validPayment()]);
    expect(result).toEqual({ httpStatus: 200, empty: true, fields: {} });

    expect(server.seen).toHaveLength(1);
    const [request] = server.seen;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/payment/api/v4/update-recurring-payments/1234');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');

    const body = readBody(request!.body);
    const auth = readAuthorization(request!.headers.authorization);
    expect([...body.keys()].sort()).toEqual(
      ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp', 'oauth_version', 'payload'].sort(),
    );
    expect(auth.get('oauth_consumer_key')).toBe('merchant-login');
    expect(auth.get('oauth_signature_method')).toBe('HMAC-SHA1');
    expect(auth.get('oauth_version')).toBe('1.0');
    for (const name of ['oauth_nonce', 'oauth_timestamp', 'oauth_signature']) expect(body.get(name)).toBe(auth.get(name));
    expect(Math.abs(Number(auth.get('oauth_timestamp')) - Date.now() / 1000)).toBeLessThan(60);

    // The signature, recomputed from a hand-built base string with node:crypto (spec, "HMAC-SHA1").
    const signed = [...body].filter(([name]) => name !== 'oauth_signature');
    const base = handBaseString(`${server.url}/payment/api/v4/update-recurring-payments/1234`, signed);
    expect(auth.get('oauth_signature')).toBe(createHmac('sha1', `${CONTROL_KEY}&`).update(base).digest('base64'));

    // The payload, decoded by hand: Base64 of a `;`-separated, CRLF-ended CSV, header first.
    const [row, ...more] = decodePayloadByHand(body.get('payload')!);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      'client-orderid': 'order-1',
      'recurring-payment-id': '7701',
      'credit-card-number': TEST_PAN,
      'card-printed-name': 'JOHN DOE',
      'expire-year': '2030',
      'expire-month': '12',
      amount: '9.99',
      'amount-from': '',
      period: 'month',
      interval: '1',
      'start-date': '15.01.2030',
      currency: 'EUR',
    });
  });

  it('sends several payments as several rows, with every column any of them uses', async () => {
    const server = await serve(empty200);
    await hmacClient(server.url).updateRecurringPayments([
      validPayment(),
      { ...validFields(), clientOrderId: 'order-2', amountSequence: ['1.00', '2.50'], orderDesc: 'Gym', serverCallbackUrl: 'https://m.example/cb' },
    ]);
    const rows = decodePayloadByHand(readBody(server.seen[0]!.body).get('payload')!);
    expect(rows.map((row) => row['client-orderid'])).toEqual(['order-1', 'order-2']);
    expect(rows[1]).toMatchObject({ amount: '', 'amount-sequence': '1.00,2.50', order_desc: 'Gym', server_callback_url: 'https://m.example/cb' });
  });

  it('refuses a CSV cell with ; before sending, or quotes it when asked', async () => {
    const server = await serve(empty200);
    const error = await rejection(hmacClient(server.url).updateRecurringPayments([{ ...validPayment(), cardPrintedName: 'DOE; JOHN' }]));
    expect(error).toBeInstanceOf(GatewayValidationError);
    expect((error as GatewayValidationError).issues.map((issue) => `${issue.field} ${issue.rule}`)).toEqual(['card-printed-name csv-character']);
    expect(server.seen).toHaveLength(0);

    await hmacClient(server.url, { csvQuoting: 'rfc4180' }).updateRecurringPayments([{ ...validPayment(), cardPrintedName: 'DOE; JOHN' }]);
    const csv = Buffer.from(readBody(server.seen[0]!.body).get('payload')!, 'base64').toString('utf8');
    expect(csv).toContain(';"DOE; JOHN";');
  });

  it('validates before anything is sent: every issue at once, no card number in the error', async () => {
    const server = await serve(empty200);
    const error = await rejection(
      hmacClient(server.url, { projectCurrency: 'EUR' }).updateRecurringPayments([
        validPayment(),
        { ...validPayment(), creditCardNumber: '4111111111111112', expireMonth: 13, currency: 'USD' },
      ]),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    const issues = (error as GatewayValidationError).issues;
    expect(issues.map((issue) => [issue.row, issue.field, issue.rule])).toEqual([
      [1, 'credit-card-number', 'luhn'],
      [1, 'expire-month', 'expire-month-range'],
      [1, 'currency', 'currency-project'],
    ]);
    expect(error.message).toContain('payments[1] credit-card-number');
    expect(error.message).not.toContain('411111');
    expect(error.message).not.toContain('1112');
    expect(error.message + JSON.stringify(issues)).not.toContain('4111111111111112');
    expect(server.seen).toHaveLength(0);
  });

  it('refuses an empty list of payments', async () => {
    const error = await rejection(hmacClient('http://127.0.0.1:9').updateRecurringPayments([]));
    expect(error.code).toBe('VALIDATION_FAILED');
  });

  it('can leave the OAuth params out of an HMAC body when asked', async () => {
    const server = await serve(empty200);
    await hmacClient(server.url, { oauthParamsInBody: false }).updateRecurringPayments([validPayment()]);
    expect([...readBody(server.seen[0]!.body).keys()]).toEqual(['payload']);
  });
});

describe('RSA-SHA256', () => {
  let privateKey: string;
  let publicKey: string;
  beforeAll(() => {
    // 2048 bits keeps the test quick; the spec asks production keys to be 4096.
    ({ privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }));
  });

  it('pan-eligibility/send: v2 path, client-order-id spelling, body without OAuth params, verified with crypto.verify', async () => {
    const server = await serve((_, res) => res.writeHead(200).end('type=pan-eligibility-response\n&status=approved\n&serial-number=sn-5\n'));
    const client = createGatewayClient({ baseUrl: `${server.url}/`, endpointId: '1234', login: 'merchant-login', privateKey });
    expect(client.signatureMethods['pan-eligibility/send']).toBe('RSA-SHA256');
    const result = await client.panEligibilitySend({ clientOrderId: 'order-7', sendingCardRefId: 'ref 9/1' });
    expect(result).toMatchObject({ type: 'pan-eligibility-response', status: 'approved', serialNumber: 'sn-5' });

    const [request] = server.seen;
    expect(request?.path).toBe('/payment/api/v2/pan-eligibility/send/1234');
    expect(request?.body).toBe('client-order-id=order-7&sending-card-ref-id=ref%209%2F1');
    const auth = readAuthorization(request!.headers.authorization);
    expect(auth.get('oauth_signature_method')).toBe('RSA-SHA256');
    const signed = [...readBody(request!.body), ...[...auth].filter(([name]) => name !== 'oauth_signature')];
    const base = handBaseString(`${server.url}/payment/api/v2/pan-eligibility/send/1234`, signed);
    expect(verify('sha256', Buffer.from(base), publicKey, Buffer.from(auth.get('oauth_signature')!, 'base64'))).toBe(true);
  });

  it('a method chosen without its key is refused, naming the option, and nothing is sent', async () => {
    const server = await serve(empty200);
    // What the types refuse (test/types/client-credentials.ts), a JavaScript caller can still pass.
    const options = { baseUrl: server.url, endpointId: '1234', login: 'merchant-login', privateKey, signatureMethods: { transfer: 'HMAC-SHA1' } };
    let thrown: unknown;
    try {
      createGatewayClient(options as unknown as GatewayClientOptions);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GatewayValidationError);
    expect((thrown as GatewayValidationError).code).toBe('INVALID_OPTIONS');
    expect((thrown as GatewayValidationError).issues.map((issue) => [issue.field, issue.rule])).toEqual([['signatureMethods.transfer', 'invalid-option']]);
    expect((thrown as Error).message).toContain('signatureMethods.transfer: HMAC-SHA1 signs with the controlKey, which is not given');
    expect((thrown as Error).message).not.toContain('PRIVATE KEY');
    expect(server.seen).toHaveLength(0);
  });
});

describe('transfer', () => {
  const transfer: TransferRequest = {
    clientOrderId: 'order-9',
    amount: '10.00',
    currency: 'EUR',
    creditCardNumber: TEST_PAN,
    expireMonth: '12',
    expireYear: '2030',
    cvv2: '123',
    cardPrintedName: 'JOHN DOE',
    destinationCardNo: '5555555555554444',
    deposit2card: true,
    ipaddress: '203.0.113.7',
    orderDesc: 'Rent',
    redirectUrl: 'https://m.example/done?x=1',
  };

  it('POSTs to v4/transfer with the exact wire spellings of its parameter list', async () => {
    const server = await serve((_, res) => res.writeHead(200).end('type=async-response\n&status=processing\n&serial-number=t-1\n'));
    const result = await hmacClient(server.url).transfer(transfer);
    expect(result.status).toBe('processing');
    const [request] = server.seen;
    expect(request?.path).toBe('/payment/api/v4/transfer/1234');
    const body = readBody(request!.body);
    expect(Object.fromEntries([...body].filter(([name]) => !name.startsWith('oauth_')))).toEqual({
      amount: '10.00',
      card_printed_name: 'JOHN DOE',
      client_orderid: 'order-9',
      credit_card_number: TEST_PAN,
      currency: 'EUR',
      cvv2: '123',
      deposit2card: 'true',
      'destination-card-no': '5555555555554444',
      expire_month: '12',
      expire_year: '2030',
      ipaddress: '203.0.113.7',
      order_desc: 'Rent',
      redirect_url: 'https://m.example/done?x=1',
    });
    const auth = readAuthorization(request!.headers.authorization);
    const base = handBaseString(
      `${server.url}/payment/api/v4/transfer/1234`,
      [...body].filter(([name]) => name !== 'oauth_signature'),
    );
    expect(auth.get('oauth_signature')).toBe(createHmac('sha1', `${CONTROL_KEY}&`).update(base).digest('base64'));
  });

  it('is never retried: a reset connection is reported once, after one request', async () => {
    const server = await serve((_, res) => res.socket?.destroy());
    const error = await rejection(hmacClient(server.url).transfer(transfer));
    expect(error).toBeInstanceOf(GatewayTransportError);
    expect(error.code).toBe('TRANSPORT_FAILED');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.seen).toHaveLength(1);
  });

  it('is never retried after a 500 (the timeout test above also sees one request)', async () => {
    const failing = await serve((_, res) => res.writeHead(500, { 'X-Error-Id': 'ERR-42' }).end());
    const error = await rejection(hmacClient(failing.url).transfer(transfer));
    expect(error).toBeInstanceOf(GatewayResponseError);
    expect(error.code).toBe('SERVER_ERROR');
    expect((error as GatewayResponseError).details.errorId).toBe('ERR-42');
    expect(failing.seen).toHaveLength(1);
  });
});

describe('replies, timeouts and aborts', () => {
  it('403 with an empty body: an authentication error with a redacted base string', async () => {
    const server = await serve((_, res) => res.writeHead(403, { 'Content-Length': '0' }).end());
    const error = await rejection(hmacClient(server.url).updateRecurringPayments([{ ...validPayment(), cvv2: '987' }]));
    expect(error).toBeInstanceOf(GatewayAuthenticationError);
    const redacted = (error as GatewayAuthenticationError).redactedBaseString!;
    expect(redacted.startsWith(`POST&${encodeURIComponent(`${server.url}/payment/api/v4/update-recurring-payments/1234`)}&`)).toBe(true);
    expect(redacted).toMatch(/payload%3D\[payload, \d+ Base64 characters\]$/);
    expect(redacted).toContain('oauth_consumer_key%3Dmerchant-login');
    const payload = readBody(server.seen[0]!.body).get('payload')!;
    expect(redacted).not.toContain(encodeURIComponent(encodeURIComponent(payload)));
    expect(error.message).toContain('compare the signature base string');
  });

  it("a transfer's base string is redacted of the card numbers and the CVV", async () => {
    const server = await serve((_, res) => res.writeHead(403).end());
    const error = await rejection(
      hmacClient(server.url).transfer({
        clientOrderId: 'o',
        amount: '1',
        currency: 'EUR',
        creditCardNumber: TEST_PAN,
        expireMonth: 1,
        expireYear: 2030,
        cvv2: '987',
        destinationCardNo: '5555555555554444',
      }),
    );
    const redacted = (error as GatewayAuthenticationError).redactedBaseString!;
    expect(redacted).not.toContain(TEST_PAN);
    expect(redacted).not.toContain('5555555555554444');
    expect(redacted).not.toContain('cvv2%3D987');
    // A masked value reads as masked (@paysign/protocol's redactBaseString), not encoded.
    expect(redacted).toContain('credit_card_number%3D411111******1111');
  });

  it("a validation-error reply becomes a typed error with the gateway's code and message", async () => {
    const server = await serve((_, res) => res.writeHead(200).end('type=validation-error\n&error-code=2\n&error-message=Recurring+payment+not+found\n'));
    const error = await rejection(hmacClient(server.url).updateRecurringPayments([validPayment()]));
    expect(error.code).toBe('GATEWAY_VALIDATION_ERROR');
    expect((error as GatewayResponseError).details.gatewayMessage).toBe('Recurring payment not found');
  });

  it('asks for the JSON variant when told to, and reads it', async () => {
    const server = await serve((_, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/vnd.pay+json' })
        .end('{"type":"async-response","status":"approved","paynet-order-id":9007199254740993}'),
    );
    const result = await hmacClient(server.url, { responseFormat: 'json' }).panEligibilitySend({ clientOrderId: 'o', sendingCardRefId: 'r' });
    expect(server.seen[0]?.headers.accept).toBe('application/vnd.pay+json');
    expect(result.fields['paynet-order-id']).toBe('9007199254740993');
  });

  it('times out via AbortSignal when the gateway does not answer', async () => {
    const server = await serve(() => undefined);
    const error = await rejection(hmacClient(server.url, { timeoutMs: 150 }).panEligibilitySend({ clientOrderId: 'o', sendingCardRefId: 'r' }));
    expect(error).toBeInstanceOf(GatewayTimeoutError);
    expect(error).toBeInstanceOf(GatewayTransportError);
    expect(error.code).toBe('TIMEOUT');
    expect((error as GatewayTimeoutError).timeoutMs).toBe(150);
    expect(server.seen).toHaveLength(1);
  });

  it('times out while the reply body is still arriving', async () => {
    const server = await serve((_, res) => {
      res.writeHead(200);
      res.write('type=async-response\n');
    });
    const error = await rejection(hmacClient(server.url).panEligibilitySend({ clientOrderId: 'o', sendingCardRefId: 'r' }, { timeoutMs: 150 }));
    expect(error.code).toBe('TIMEOUT');
  });

  it("the caller's signal aborts: before sending nothing goes out", async () => {
    const server = await serve(() => undefined);
    const controller = new AbortController();
    controller.abort();
    const early = await rejection(hmacClient(server.url, { signal: controller.signal }).panEligibilitySend({ clientOrderId: 'o', sendingCardRefId: 'r' }));
    expect(early.code).toBe('ABORTED');
    expect(server.seen).toHaveLength(0);

    const later = new AbortController();
    setTimeout(() => later.abort(), 100);
    const during = await rejection(hmacClient(server.url).panEligibilitySend({ clientOrderId: 'o', sendingCardRefId: 'r' }, { signal: later.signal }));
    expect(during.code).toBe('ABORTED');
  });

  it('a refused connection is a transport error', async () => {
    const server = await startServer(empty200);
    await server.close();
    const error = await rejection(hmacClient(server.url).panEligibilitySend({ clientOrderId: 'o', sendingCardRefId: 'r' }));
    expect(error.code).toBe('TRANSPORT_FAILED');
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('client options', () => {
  const base = { baseUrl: 'https://sandbox.gate.example', endpointId: '1234', login: 'merchant-login', controlKey: CONTROL_KEY };
  const optionIssues = (options: Record<string, unknown>) => {
    try {
      createGatewayClient(options as unknown as GatewayClientOptions);
    } catch (error) {
      expect((error as GatewayError).code).toBe('INVALID_OPTIONS');
      return (error as GatewayValidationError).issues.map((issue) => issue.field);
    }
    return [];
  };

  it('accepts working options', () => {
    expect(optionIssues(base)).toEqual([]);
  });

  it.each([
    ['plain http to a remote host (TLS is never weakened)', { baseUrl: 'http://gate.example' }, 'baseUrl'],
    ['a base URL with a query', { baseUrl: 'https://gate.example/?a=1' }, 'baseUrl'],
    ['no endpoint id', { endpointId: '' }, 'endpointId'],
    ['no login', { login: undefined }, 'login'],
    ['HMAC without a control key', { controlKey: undefined }, 'controlKey'],
    ['RSA-SHA256 for every operation without a private key', { signatureMethod: 'RSA-SHA256' }, 'signatureMethod'],
    ['transfer chosen as RSA-SHA256 without a private key', { signatureMethods: { transfer: 'RSA-SHA256' } }, 'signatureMethods.transfer'],
    ['no key at all', { controlKey: undefined }, 'controlKey'],
    ['an unsupported method', { signatureMethod: 'PLAINTEXT' }, 'signatureMethod'],
    ['a bad timeout', { timeoutMs: 0 }, 'timeoutMs'],
    ['an unreadable private key', { controlKey: undefined, privateKey: '-----BEGIN RSA PRIVATE KEY-----\nnope\n-----END RSA PRIVATE KEY-----' }, 'privateKey'],
    ['both keys, the private key unreadable (it is checked when the client is made)', { privateKey: 'a PEM' }, 'privateKey'],
  ])('refuses %s', (_, change, field) => {
    expect(optionIssues({ ...base, ...change })).toContain(field);
  });
});
