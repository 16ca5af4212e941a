// The client's send path, pinned where mutation testing (issue #16, target gateway-send) found it
// unasserted: each option refusal with its message, the options handed to the signer, what is
// sent (or, when validation fails, that nothing is), the failures of signing and of the transport
// with their messages and causes, and the redacted base string of a refused signature. Over real
// HTTP to a local server where a request is sent.
import { generateKeyPairSync } from 'node:crypto';
import { defaultAdapter as nodeAdapter } from '@paysign/oauth-core/node';
import { defaultAdapter as webcryptoAdapter } from '@paysign/oauth-core/webcrypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGatewayClient,
  GatewayAuthenticationError,
  type GatewayError,
  GatewayResponseError,
  GatewayValidationError,
  type GatewayClientOptions,
  type TransferRequest,
} from '../src/index.js';
import { redactBaseString } from '@paysign/protocol';
import { readAuthorization, readBody, startServer, TEST_PAN, validPayment, type Handler } from './fixtures.js';

const CONTROL_KEY = 'control-key';
const BASE = { baseUrl: 'https://sandbox.gate.example', endpointId: '1234', login: 'merchant-login', controlKey: CONTROL_KEY };
const { controlKey: _controlKey, ...KEYLESS } = BASE;
const TRANSFER: TransferRequest = {
  clientOrderId: 'o-1',
  amount: '10.00',
  currency: 'EUR',
  cardRecurringPaymentId: 'src-1',
  destinationCardRecurringPaymentId: 'dst-1',
};
const PAN_SEND = { clientOrderId: 'o', sendingCardRefId: 'r' };
const ok: Handler = (_, res) => res.writeHead(200).end('type=async-response\n&status=processing\n&serial-number=s-1\n');

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handler: Handler = ok) {
  const server = await startServer(handler);
  close = server.close;
  return server;
}

function optionIssues(options: unknown): { field: string; rule: string; message: string }[] {
  try {
    createGatewayClient(options as GatewayClientOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayValidationError);
    expect((error as GatewayError).code).toBe('INVALID_OPTIONS');
    return [...(error as GatewayValidationError).issues] as { field: string; rule: string; message: string }[];
  }
  return [];
}

// The message says what is wrong; the field is the issue's own (GatewayValidationError's lines put it in front).
const issue = (field: string, message: string) => ({ field, rule: 'invalid-option', message });
// checkMerchantCredentials (protocol/src/credentials/) still writes its field into its messages: until it follows the
// rule above, its issues read `login: must be ...`.

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('createGatewayClient: each refusal, with its message', () => {
  it('refuses options that are no object', () => {
    for (const options of [null, undefined, 'https://gate.example', 5]) {
      expect(optionIssues(options)).toEqual([{ field: 'options', rule: 'invalid-option', message: 'must be an object' }]);
    }
  });

  it('names every broken option at once, in order', () => {
    expect(optionIssues({ baseUrl: 5, endpointId: '', login: 7, signatureMethod: 'PLAINTEXT', timeoutMs: Number.NaN, maxReplyBytes: 1.5 })).toEqual([
      issue('baseUrl', 'must be a URL string'),
      issue('endpointId', 'must be a non-empty string'),
      issue('login', 'must be a non-empty string'),
      issue('controlKey', 'give controlKey (HMAC-SHA1), privateKey (RSA-SHA256) or both'),
      issue('signatureMethod', 'must be HMAC-SHA1 or RSA-SHA256'),
      issue('timeoutMs', 'must be a positive number of milliseconds'),
      issue('maxReplyBytes', 'must be a positive whole number of bytes'),
    ]);
  });

  it('a key at least; a control key is a non-empty string; a chosen method needs its key', () => {
    expect(optionIssues({ ...KEYLESS })).toEqual([issue('controlKey', 'give controlKey (HMAC-SHA1), privateKey (RSA-SHA256) or both')]);
    for (const controlKey of ['', 42]) expect(optionIssues({ ...BASE, controlKey })).toEqual([issue('controlKey', 'must be a non-empty string')]);
    expect(optionIssues({ ...BASE, signatureMethod: 'RSA-SHA256' })).toEqual([
      issue('signatureMethod', 'RSA-SHA256 signs with the privateKey, which is not given'),
    ]);
    expect(optionIssues({ ...BASE, signatureMethods: { 'update-recurring-payments': 'RSA-SHA256' } })).toEqual([
      issue('signatureMethods.update-recurring-payments', 'RSA-SHA256 signs with the privateKey, which is not given'),
    ]);
    for (const privateKey of [null, '']) {
      expect(optionIssues({ ...KEYLESS, privateKey })).toEqual([issue('privateKey', 'must be a key (PEM text, JWK, CryptoKey or KeyObject)')]);
    }
  });

  it('timeoutMs must be positive and finite; maxReplyBytes a positive whole number', () => {
    for (const timeoutMs of [0, -1, Number.POSITIVE_INFINITY]) {
      expect(optionIssues({ ...BASE, timeoutMs })).toEqual([issue('timeoutMs', 'must be a positive number of milliseconds')]);
    }
    for (const maxReplyBytes of [0, -5, '1024', 2 ** 53]) {
      expect(optionIssues({ ...BASE, maxReplyBytes })).toEqual([issue('maxReplyBytes', 'must be a positive whole number of bytes')]);
    }
    expect(optionIssues({ ...BASE, timeoutMs: 1, maxReplyBytes: 1 })).toEqual([]);
  });

  it("refuses a csvQuoting other than 'reject' or 'rfc4180' when the client is made, not as a payload error at the first call", () => {
    expect(optionIssues({ ...BASE, csvQuoting: 'excel' })).toEqual([issue('csvQuoting', "must be 'reject' or 'rfc4180'")]);
    for (const csvQuoting of ['reject', 'rfc4180', undefined]) expect(optionIssues({ ...BASE, csvQuoting })).toEqual([]);
  });

  it('refuses a fetch that is not a function', () => {
    expect(optionIssues({ ...BASE, fetch: 'fetch' })).toEqual([issue('fetch', 'no fetch is available; pass one')]);
  });

  it('baseUrl: absolute, https (http for loopback only), without query, fragment or credentials', () => {
    expect(optionIssues({ ...BASE, baseUrl: '/payment' })).toEqual([issue('baseUrl', 'is not an absolute URL such as https://sandbox.gate.example')]);
    const httpsOnly = [issue('baseUrl', 'must use https: (plain http: only for a loopback host: localhost, 127.0.0.0/8 or [::1])')];
    for (const baseUrl of ['http://gate.example', 'ftp://127.0.0.1', 'http://128.0.0.1', 'http://localhost.gate.example']) {
      expect(optionIssues({ ...BASE, baseUrl })).toEqual(httpsOnly);
    }
    for (const baseUrl of ['http://127.0.0.1:8080', 'http://127.0.0.2', 'http://localhost', 'http://[::1]:9000', 'https://gate.example']) {
      expect(optionIssues({ ...BASE, baseUrl })).toEqual([]);
    }
    const clean = [issue('baseUrl', 'must not hold credentials, a query or a fragment')];
    for (const baseUrl of ['https://gate.example/?a=1', 'https://gate.example/#top', 'https://user@gate.example', 'https://:secret@gate.example']) {
      expect(optionIssues({ ...BASE, baseUrl })).toEqual(clean);
    }
  });

  it('names the field of a key the signer refuses, and quotes no key', () => {
    expect(optionIssues({ ...BASE, controlKey: '\uD800' })).toEqual([issue('controlKey', 'a value holds a lone surrogate: it has no UTF-8 form')]);
    const refused = optionIssues({ ...BASE, controlKey: undefined, privateKey: '-----BEGIN PRIVATE KEY-----\nAAEC\n-----END PRIVATE KEY-----' });
    expect(refused).toEqual([issue('privateKey', 'the key is not valid DER: PrivateKeyInfo is not a SEQUENCE')]);
  });

  it("passes an adapter's own error at signer creation on as it is, not as an invalid option", () => {
    const failing = {
      ...nodeAdapter,
      hmac: () => {
        throw new RangeError('the HSM is offline');
      },
    };
    expect(() => createGatewayClient({ ...BASE, adapter: failing })).toThrow(RangeError);
  });
});

describe('what the client hands to the signer', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

  it('minimumRsaKeyBits: a 1024-bit key is refused by default and signs when allowed', async () => {
    expect(optionIssues({ ...BASE, controlKey: undefined, privateKey: pem })).toEqual([
      issue('privateKey', 'the RSA key has 1024 bits; at least 2048 are required (minimumRsaKeyBits)'),
    ]);
    const server = await serve();
    await createGatewayClient({ ...KEYLESS, baseUrl: server.url, privateKey: pem, minimumRsaKeyBits: 1024 }).transfer(TRANSFER);
    expect(readAuthorization(server.seen[0]?.headers.authorization).get('oauth_signature_method')).toBe('RSA-SHA256');
  });

  it('realm, nonce, timestamp and adapter reach the Authorization header; without them, none is sent', async () => {
    const server = await serve();
    let prepared = 0;
    const counting = { ...nodeAdapter, name: 'counting', hmac: (hash: 'SHA-1', key: string) => (prepared++, nodeAdapter.hmac(hash, key)) };
    await createGatewayClient({ ...BASE, baseUrl: server.url, realm: '', nonce: () => 'nonce-1', timestamp: () => 1_700_000_000, adapter: counting }).transfer(
      TRANSFER,
    );
    const header = server.seen[0]!.headers.authorization!;
    expect(header.startsWith('OAuth realm="",')).toBe(true);
    expect(readAuthorization(header).get('oauth_nonce')).toBe('nonce-1');
    expect(readAuthorization(header).get('oauth_timestamp')).toBe('1700000000');
    expect(prepared).toBe(1);

    await createGatewayClient({ ...BASE, baseUrl: server.url }).transfer(TRANSFER);
    const plain = server.seen[1]!.headers.authorization!;
    expect(plain).not.toContain('realm=');
    expect(readAuthorization(plain).get('oauth_nonce')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(Math.abs(Number(readAuthorization(plain).get('oauth_timestamp')) - Date.now() / 1000)).toBeLessThan(300);
  });

  it('a key refused only when signing (an asynchronous adapter imports it then) is an invalid option, and nothing is sent', async () => {
    const server = await serve();
    const client = createGatewayClient({
      ...KEYLESS,
      baseUrl: server.url,
      privateKey: '-----BEGIN PRIVATE KEY-----\nAAEC\n-----END PRIVATE KEY-----',
      adapter: webcryptoAdapter,
    });
    const error = await rejection(client.transfer(TRANSFER));
    expect(error).toBeInstanceOf(GatewayValidationError);
    expect((error as GatewayError).code).toBe('INVALID_OPTIONS');
    expect((error as GatewayValidationError).issues).toEqual([
      { field: 'privateKey', rule: 'invalid-option', message: 'crypto.subtle refused the RSA key (pkcs8)' },
    ]);
    expect(server.seen).toHaveLength(0);
  });

  it("an adapter's own failure while signing is passed on as it is, and nothing is sent", async () => {
    const server = await serve();
    const failing = {
      ...nodeAdapter,
      synchronous: false,
      hmac: async () => async () => {
        throw new RangeError('the HSM is offline');
      },
    };
    const error = await rejection(createGatewayClient({ ...BASE, baseUrl: server.url, adapter: failing }).transfer(TRANSFER));
    expect(error).toBeInstanceOf(RangeError);
    expect(server.seen).toHaveLength(0);
  });
});

describe('what is sent', () => {
  it('trailing slashes of baseUrl are dropped; a pathPrefix replaces /payment', async () => {
    const server = await serve();
    await createGatewayClient({ ...BASE, baseUrl: `${server.url}//` }).transfer(TRANSFER);
    await createGatewayClient({ ...BASE, baseUrl: server.url, pathPrefix: '/gw' }).panEligibilitySend(PAN_SEND);
    expect(server.seen.map((request) => request.path)).toEqual(['/payment/api/v4/transfer/1234', '/gw/api/v2/pan-eligibility/send/1234']);
  });

  it('asks for the JSON variant only when told to', async () => {
    const server = await serve();
    await createGatewayClient({ ...BASE, baseUrl: server.url }).transfer(TRANSFER);
    await createGatewayClient({ ...BASE, baseUrl: server.url, responseFormat: 'form' }).transfer(TRANSFER);
    for (const request of server.seen) {
      expect(request.headers.accept).not.toContain('vnd.pay+json');
      expect(request.headers.accept).not.toBe('undefined');
    }
  });

  it('an invalid transfer or pan-eligibility request is refused and never sent', async () => {
    const server = await serve();
    const client = createGatewayClient({ ...BASE, baseUrl: server.url });
    const transfer = await rejection(client.transfer({ ...TRANSFER, amount: '-1' }));
    expect(transfer).toBeInstanceOf(GatewayValidationError);
    expect((transfer as GatewayError).code).toBe('VALIDATION_FAILED');
    const send = await rejection(client.panEligibilitySend({ clientOrderId: '', sendingCardRefId: 'r' }));
    expect(send).toBeInstanceOf(GatewayValidationError);
    expect(server.seen).toHaveLength(0);
  });

  it('projectCurrency: a payment in another currency is refused before sending', async () => {
    const server = await serve();
    const eur = createGatewayClient({ ...BASE, baseUrl: server.url, projectCurrency: 'EUR' });
    const error = await rejection(eur.updateRecurringPayments([{ ...validPayment(), currency: 'USD' }]));
    expect(error).toBeInstanceOf(GatewayValidationError);
    expect((error as GatewayValidationError).issues.map((i) => i.field)).toContain('currency');
    expect(server.seen).toHaveLength(0);
    await createGatewayClient({ ...BASE, baseUrl: server.url }).updateRecurringPayments([{ ...validPayment(), currency: 'USD' }]);
    expect(server.seen).toHaveLength(1);
  });

  it('refuses payments that are no list, or an empty one, saying so', async () => {
    const client = createGatewayClient(BASE);
    for (const payments of [[], undefined, validPayment()]) {
      const error = await rejection(client.updateRecurringPayments(payments as never));
      expect((error as GatewayValidationError).issues).toEqual([{ field: 'payments', rule: 'required', message: 'give at least one recurring payment' }]);
    }
  });

  it('a CSV cell the gateway cannot carry is named with its row and why, unless rfc4180 quoting is asked for', async () => {
    const server = await serve();
    const client = createGatewayClient({ ...BASE, baseUrl: server.url });
    const semicolon = await rejection(client.updateRecurringPayments([validPayment(), { ...validPayment(), orderDesc: 'rent; june' }]));
    expect((semicolon as GatewayValidationError).issues).toEqual([
      {
        field: 'order_desc',
        rule: 'csv-character',
        row: 1,
        message: "contains a semicolon, which the gateway's CSV cannot carry unquoted (set csvQuoting: 'rfc4180' to quote it)",
      },
    ]);
    expect((semicolon as GatewayValidationError).message).toContain("- payments[1] order_desc: contains a semicolon, which the gateway's CSV cannot carry");
    const nul = await rejection(client.updateRecurringPayments([{ ...validPayment(), orderDesc: 'rent\0' }]));
    expect((nul as GatewayValidationError).issues).toEqual([
      {
        field: 'order_desc',
        rule: 'csv-character',
        row: 0,
        message: "holds a NUL character (U+0000), which the gateway's CSV cannot carry",
      },
    ]);
    // payload-codec's one cell rule (checkCsvCell), for every bad cell at once, before anything is encoded.
    const both = await rejection(client.updateRecurringPayments([validPayment(), { ...validPayment(), orderDesc: 'rent\r\njune', city: 'Gent "centrum"' }]));
    expect((both as GatewayValidationError).issues.map((issue) => [issue.field, issue.rule, issue.row])).toEqual([
      ['city', 'csv-character', 1],
      ['order_desc', 'csv-character', 1],
    ]);
    expect(server.seen).toHaveLength(0);
    await createGatewayClient({ ...BASE, baseUrl: server.url, csvQuoting: 'rfc4180' }).updateRecurringPayments([
      { ...validPayment(), orderDesc: 'rent; june' },
    ]);
    const csv = Buffer.from(readBody(server.seen[0]!.body).get('payload')!, 'base64').toString('utf8');
    expect(csv).toContain('"rent; june"');
  });
});

describe('replies other than an authentication failure carry no base string', () => {
  it('a 400 validation reply has no redactedBaseString', async () => {
    const server = await serve((_, res) => res.writeHead(200).end('type=validation-error\n&error-code=2\n&error-message=bad\n'));
    const error = await rejection(createGatewayClient({ ...BASE, baseUrl: server.url }).transfer(TRANSFER));
    expect(error).toBeInstanceOf(GatewayResponseError);
    expect('redactedBaseString' in error).toBe(false);
  });
});

describe('transport failures: the message says what happened, the cause is kept', () => {
  const failingFetch = (reason: unknown) => (async () => Promise.reject(reason)) as unknown as typeof fetch;

  it('names the system error code, else the error message, else says it is unknown', async () => {
    const cases: [unknown, string][] = [
      [Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } }), 'transfer: no reply from the gateway (ECONNRESET)'],
      [new TypeError('socket hang up'), 'transfer: no reply from the gateway (socket hang up)'],
      [Object.assign(new TypeError('fetch failed'), { cause: { code: 7 } }), 'transfer: no reply from the gateway (fetch failed)'],
      ['a string', 'transfer: no reply from the gateway (unknown failure)'],
      [undefined, 'transfer: no reply from the gateway (unknown failure)'],
    ];
    for (const [reason, message] of cases) {
      const error = await rejection(createGatewayClient({ ...BASE, fetch: failingFetch(reason) }).transfer(TRANSFER));
      expect(error).toMatchObject({ code: 'TRANSPORT_FAILED', message });
      expect(error.cause).toBe(reason);
    }
  });

  it('an abort before sending says nothing was sent; an abort after, that the request may have arrived, with its cause', async () => {
    let calls = 0;
    const hanging = ((_: unknown, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        calls++;
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as unknown as typeof fetch;
    const before = new AbortController();
    before.abort();
    const early = await rejection(createGatewayClient({ ...BASE, fetch: hanging }).transfer(TRANSFER, { signal: before.signal }));
    expect(early).toMatchObject({ code: 'ABORTED', message: 'transfer: aborted by the caller before sending' });
    expect(calls).toBe(0);

    const during = new AbortController();
    const pending = createGatewayClient({ ...BASE, fetch: hanging, signal: during.signal }).transfer(TRANSFER);
    await new Promise((resolve) => setTimeout(resolve, 20));
    during.abort(new Error('user cancelled'));
    const late = await rejection(pending);
    expect(late).toMatchObject({ code: 'ABORTED', message: 'transfer: aborted by the caller (the request may have reached the gateway)' });
    expect((late.cause as Error).message).toBe('user cancelled');
    expect(calls).toBe(1);
  });
});

// A base-string pair as RFC 5849 writes it: name and value percent-encoded twice (by hand here).
const twice = (text: string) => encodeURIComponent(encodeURIComponent(text)).replace(/[!'()*]/g, (c) => `%25${c.charCodeAt(0).toString(16).toUpperCase()}`);
const pair = (name: string, value: string) => `${twice(name)}%3D${twice(value)}`;
// A masked value is shown as it reads (@paysign/protocol's redactBaseString), not encoded.
const maskedPair = (name: string, value: string) => `${twice(name)}%3D${value}`;

describe('redactBaseString', () => {
  it('masks card numbers 6 + 4, hides the CVV and the payload, and leaves every other value as it is', () => {
    const params = { amount: '10.00', credit_card_number: TEST_PAN, 'destination-card-no': '5555555555554444', cvv2: '987', payload: 'QUJD', currency: 'EUR' };
    const base = `POST&https%3A%2F%2Fgate.example%2Fx&${Object.entries(params)
      .map(([name, value]) => pair(name, value))
      .join('%26')}`;
    expect(redactBaseString(base)).toBe(
      `POST&https%3A%2F%2Fgate.example%2Fx&${[
        pair('amount', '10.00'),
        maskedPair('credit_card_number', '411111******1111'),
        maskedPair('destination-card-no', '555555******4444'),
        maskedPair('cvv2', '***'),
        maskedPair('payload', '[payload, 4 Base64 characters]'),
        pair('currency', 'EUR'),
      ].join('%26')}`,
    );
  });

  it('leaves an empty sensitive value alone (there is nothing to hide, and an empty pattern would match everywhere)', () => {
    const base = `POST&u&${pair('amount', '1')}%26${pair('credit_card_number', '')}%26${pair('cvv2', '')}`;
    expect(redactBaseString(base)).toBe(base);
  });
});

describe('a refused signature over real HTTP', () => {
  it("the authentication error's base string is the one signed, with the CVV and card numbers masked", async () => {
    const server = await serve((_, res) => res.writeHead(403, { 'Content-Length': '0' }).end());
    const error = await rejection(
      createGatewayClient({ ...BASE, baseUrl: server.url }).transfer({
        clientOrderId: 'o',
        amount: '10.00',
        currency: 'EUR',
        creditCardNumber: TEST_PAN,
        expireMonth: 1,
        expireYear: 2030,
        cvv2: '987',
        destinationCardNo: '5555555555554444',
      }),
    );
    expect(error).toBeInstanceOf(GatewayAuthenticationError);
    const redacted = (error as GatewayAuthenticationError).redactedBaseString!;
    expect(redacted).toContain(maskedPair('cvv2', '***'));
    expect(redacted).toContain(maskedPair('destination-card-no', '555555******4444'));
    expect(redacted).toContain(maskedPair('credit_card_number', '411111******1111'));
    expect(redacted).toContain(pair('amount', '10.00'));
  });
});
