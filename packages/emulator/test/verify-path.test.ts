// The emulator's verification path, pinned where mutation testing (issue #16, target
// emulator-verify) found it unasserted: the cheap checks before the body (and the reason each
// logs), the parameter cap across query and body, Content-Type edges, publicOrigin, which methods
// a merchant's keys allow, key rotation through merchants.addPublicKey, what an accepted request
// logs, and the merchant checks at registration. Over real HTTP where the request's bytes matter.
import { generateKeyPairSync } from 'node:crypto';
import { createSigner } from '@paysign/oauth-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, createMerchantRegistry, type EmulatorEvent, type EmulatorOptions } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { formMediaType } from '../src/request/media-type.js';
import { precheckAuthorization } from '../src/request/pre-check.js';

const CONTROL_KEY = 'verify-path-control-key';
const LOGIN = 'merchant';
const ORIGIN = 'http://127.0.0.1';
const PAN_PATH = '/payment/api/v2/pan-eligibility/send/1234';
const TRANSFER_PATH = '/payment/api/v4/transfer/1234';
const NOW = 1_750_000_000;
const FORM = 'application/x-www-form-urlencoded';
const panParams = { 'client-order-id': 'o-1', 'sending-card-ref-id': 'r-1' };
const rsa = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string };
};
const keys = rsa();

function emulator(options: EmulatorOptions = {}) {
  const events: EmulatorEvent[] = [];
  const instance = createEmulator({
    merchants: [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: ['1234'] }],
    now: () => NOW,
    log: (event) => events.push(event),
    ...options,
  });
  return { instance, events };
}

const hmacSigner = (secret = CONTROL_KEY) => createSigner({ consumerKey: LOGIN, consumerSecret: secret, signatureMethod: 'HMAC-SHA1', timestamp: () => NOW });
const rsaSigner = (privateKey = keys.privateKey) => createSigner({ consumerKey: LOGIN, privateKey, signatureMethod: 'RSA-SHA256', timestamp: () => NOW });

/** A request signed for `url`, its parameters in the body (or the query, if the URL has one). */
async function signed(
  url: string,
  params: Record<string, string> = panParams,
  signer = hmacSigner(),
  headers: Record<string, string> = { 'Content-Type': FORM },
) {
  const s = await signer.sign({ url, params });
  return new Request(url, { method: 'POST', headers: { ...headers, Authorization: s.authorization }, ...(s.body !== '' && { body: s.body }) });
}

const refusedEvents = (events: EmulatorEvent[]) => events.filter((event) => event.kind === 'refused');

describe('refusals before the signature: status, connection and what is logged', () => {
  it('415 and 400 keep the connection; 413 closes it; each logs its reason and message', async () => {
    const { instance, events } = emulator({ maxBodyBytes: 100, maxParameters: 3 });
    const url = `${ORIGIN}${PAN_PATH}`;
    const media = await instance.fetch(await signed(url, panParams, hmacSigner(), { 'Content-Type': 'text/plain' }));
    const declared = await instance.fetch(
      new Request(url, { method: 'POST', headers: { 'Content-Type': FORM, 'Content-Length': '101', Authorization: 'OAuth x' }, body: 'a=1' }),
    );
    const many = await instance.fetch(await signed(url, { a: '1', b: '2', c: '3', d: '4' }));
    expect([media.status, declared.status, many.status]).toEqual([415, 413, 400]);
    expect([media, declared, many].map((response) => response.headers.get('connection'))).toEqual(['keep-alive', 'close', 'keep-alive']);
    expect(refusedEvents(events)).toEqual([
      {
        kind: 'refused',
        status: 415,
        method: 'POST',
        path: PAN_PATH,
        reason: 'unsupported_media_type',
        message: 'Content-Type must be application/x-www-form-urlencoded, with charset UTF-8 or ISO-8859-1 if any',
      },
      { kind: 'refused', status: 413, method: 'POST', path: PAN_PATH, reason: 'body_too_large', message: 'Content-Length is over the 100-byte cap' },
      { kind: 'refused', status: 400, method: 'POST', path: PAN_PATH, reason: 'too_many_parameters', message: 'the request has more than 3 parameters' },
    ]);
  });

  it('a body over the cap without a Content-Length, and a body without a Content-Type, say which', async () => {
    const { instance, events } = emulator({ maxBodyBytes: 20 });
    const url = `${ORIGIN}${PAN_PATH}`;
    const authorization = (await hmacSigner().sign({ url })).authorization;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('a=1&'.repeat(10)));
        controller.close();
      },
    });
    const chunked = await instance.fetch(
      new Request(url, { method: 'POST', headers: { 'Content-Type': FORM, Authorization: authorization }, body: stream, duplex: 'half' } as RequestInit),
    );
    const untyped = await instance.fetch(
      new Request(url, { method: 'POST', headers: { Authorization: authorization }, body: new TextEncoder().encode('a=1') }),
    );
    expect([chunked.status, untyped.status]).toEqual([413, 415]);
    expect(refusedEvents(events).map((event) => (event.kind === 'refused' ? [event.status, event.reason, event.message] : []))).toEqual([
      [413, 'body_too_large', 'the body is over the 20-byte cap'],
      [415, 'unsupported_media_type', 'a body was sent without a Content-Type'],
    ]);
  });

  it('no Content-Type and no body is not refused: the parameters may all be in the query', async () => {
    const { instance, events } = emulator();
    const url = `${ORIGIN}${PAN_PATH}?${new URLSearchParams(panParams)}`;
    const response = await instance.fetch(await signed(url, {}, hmacSigner(), {}));
    expect(response.status).toBe(200);
    expect(events.filter((event) => event.kind === 'accepted')).toHaveLength(1);
  });
});

describe('the parameter cap counts the query and the body together (over HTTP)', () => {
  let server: RunningEmulator | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('128 in the query and 1 in the body, or 100 and 29, are over the cap of 128; 127 and 1 are not', async () => {
    const events: EmulatorEvent[] = [];
    server = await serve({ merchants: [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: ['1234'] }], now: () => NOW, log: (event) => events.push(event) });
    const send = async (inQuery: number, inBody: number) => {
      const query = Array.from({ length: inQuery }, (_, i) => `q${i}=1`).join('&');
      const url = `${server!.url}${PAN_PATH}?${query}`;
      const body = Object.fromEntries(Array.from({ length: inBody }, (_, i) => [`b${i}`, '1']));
      const request = await signed(url, body);
      const response = await fetch(url, { method: 'POST', headers: request.headers, body: await request.text() });
      await response.arrayBuffer();
      return response.status;
    };
    expect(await send(128, 1)).toBe(400);
    expect(await send(100, 29)).toBe(400);
    expect(await send(127, 1)).toBe(200);
    expect(events.filter((event) => event.kind === 'refused').map((event) => (event.kind === 'refused' ? event.reason : ''))).toEqual([
      'too_many_parameters',
      'too_many_parameters',
    ]);
  });

  it('publicOrigin: a request signed for the public URL is verified there, not at the address it arrived at', async () => {
    server = await serve({
      merchants: [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: ['1234'] }],
      now: () => NOW,
      publicOrigin: 'https://sandbox.example/ignored-path',
      log: () => undefined,
    });
    const publicUrl = `https://sandbox.example${PAN_PATH}?x=1`;
    const s = await hmacSigner().sign({ url: publicUrl, params: panParams });
    const response = await fetch(`${server.url}${PAN_PATH}?x=1`, {
      method: 'POST',
      headers: { 'Content-Type': FORM, Authorization: s.authorization },
      body: s.body,
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });
});

describe('which signatures a merchant can make', () => {
  it('an HMAC-only merchant refuses RSA-SHA256 and an RSA-only one HMAC-SHA1, as methods not allowed', async () => {
    const hmacOnly = emulator();
    const rsaOnly = emulator({ merchants: [{ login: LOGIN, publicKeys: [keys.publicKey], endpointIds: ['1234'] }] });
    const url = `${ORIGIN}${PAN_PATH}`;
    expect((await hmacOnly.instance.fetch(await signed(url, panParams, rsaSigner()))).status).toBe(403);
    expect((await rsaOnly.instance.fetch(await signed(url))).status).toBe(403);
    expect(refusedEvents(hmacOnly.events)).toEqual([
      expect.objectContaining({ reason: 'signature_method_not_allowed', message: 'RSA-SHA256 is not allowed for consumer merchant' }),
    ]);
    expect(refusedEvents(rsaOnly.events)).toEqual([
      expect.objectContaining({ reason: 'signature_method_not_allowed', message: 'HMAC-SHA1 is not allowed for consumer merchant' }),
    ]);
    expect((await rsaOnly.instance.fetch(await signed(url, panParams, rsaSigner()))).status).toBe(200);
  });

  it('merchants.addPublicKey rotates: the new key is accepted and the old one still is', async () => {
    const next = rsa();
    const { instance } = emulator({ merchants: [{ login: LOGIN, publicKeys: [keys.publicKey], endpointIds: ['1234'] }] });
    const url = `${ORIGIN}${PAN_PATH}`;
    expect((await instance.fetch(await signed(url, panParams, rsaSigner(next.privateKey)))).status).toBe(403);
    instance.merchants.addPublicKey(LOGIN, next.publicKey);
    expect(instance.merchants.get(LOGIN)?.account.publicKeys).toEqual([keys.publicKey, next.publicKey]);
    expect((await instance.fetch(await signed(url, panParams, rsaSigner(next.privateKey)))).status).toBe(200);
    expect((await instance.fetch(await signed(url, panParams, rsaSigner()))).status).toBe(200);
  });

  it('merchants.addPublicKey refuses an unknown merchant and a weak key, naming them', () => {
    const { instance } = emulator();
    expect(() => instance.merchants.addPublicKey('nobody', keys.publicKey)).toThrow(
      expect.objectContaining({ code: 'INVALID_MERCHANT', message: 'merchant nobody is not registered' }),
    );
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
    expect(() => instance.merchants.addPublicKey(LOGIN, weak)).toThrow(
      expect.objectContaining({ code: 'INVALID_MERCHANT', message: 'merchant merchant: publicKeys[0] is not a usable RSA public key (WEAK_KEY)' }),
    );
  });
});

describe('what an accepted request logs', () => {
  it('the operation, the outcome as type/status, and the gateway error message when there is one', async () => {
    const { instance, events } = emulator();
    await instance.fetch(await signed(`${ORIGIN}${PAN_PATH}`));
    await instance.fetch(await signed(`${ORIGIN}${PAN_PATH}`, { 'client-order-id': 'o-2' }));
    await instance.fetch(await signed(`${ORIGIN}${TRANSFER_PATH}`, { client_orderid: 'o-3', amount: '1.00', currency: 'EUR' }));
    const accepted = events.filter((event) => event.kind === 'accepted');
    expect(accepted).toEqual([
      {
        kind: 'accepted',
        operation: 'pan-eligibility/send',
        path: PAN_PATH,
        login: LOGIN,
        serialNumber: expect.any(String),
        outcome: 'async-response/processing',
      },
      {
        kind: 'accepted',
        operation: 'pan-eligibility/send',
        path: PAN_PATH,
        login: LOGIN,
        serialNumber: expect.any(String),
        outcome: 'validation-error',
        detail: expect.stringContaining('sending-card-ref-id'),
      },
      expect.objectContaining({ operation: 'transfer', path: TRANSFER_PATH, outcome: expect.stringMatching(/^(validation-error|async-response)/) }),
    ]);
    // No detail member at all when the reply has no error message.
    expect(Object.hasOwn(accepted[0]!, 'detail')).toBe(false);
  });

  it('an endpoint not assigned to the merchant is refused, naming both', async () => {
    const { instance, events } = emulator();
    const response = await instance.fetch(await signed(`${ORIGIN}/payment/api/v2/pan-eligibility/send/9999`));
    expect(response.status).toBe(403);
    expect(refusedEvents(events)).toEqual([
      {
        kind: 'refused',
        method: 'POST',
        path: '/payment/api/v2/pan-eligibility/send/9999',
        reason: 'endpoint_not_assigned',
        message: 'endpoint 9999 is not assigned to merchant merchant',
      },
    ]);
  });
});

describe('precheckAuthorization: the header alone', () => {
  const context = { isKnown: (login: string) => login === LOGIN, now: NOW, windowSeconds: 300 };
  const header = (params: Record<string, string>) =>
    `OAuth ${Object.entries(params)
      .map(([name, value]) => `${name}="${value}"`)
      .join(', ')}`;

  it('says which part is missing or unreadable', () => {
    expect(precheckAuthorization(null, context)).toEqual({ ok: false, reason: 'missing_parameter', message: 'the Authorization header is missing' });
    expect(precheckAuthorization('   ', context)).toEqual({ ok: false, reason: 'missing_parameter', message: 'the Authorization header is missing' });
    expect(precheckAuthorization('OAuth oauth_consumer_key', context)).toEqual({
      ok: false,
      reason: 'malformed_request',
      message: 'the Authorization header cannot be read as OAuth parameters',
    });
    expect(precheckAuthorization(header({ oauth_timestamp: String(NOW) }), context)).toEqual({
      ok: false,
      reason: 'missing_parameter',
      message: 'oauth_consumer_key is missing from the Authorization header',
    });
    expect(precheckAuthorization(header({ oauth_consumer_key: LOGIN }), context)).toEqual({
      ok: false,
      reason: 'missing_parameter',
      message: 'oauth_timestamp is missing from the Authorization header',
    });
  });

  it('a timestamp that is not all digits is stale, whatever number it starts or ends with', () => {
    for (const timestamp of [`${NOW}x`, `x${NOW}`, `${NOW}.0`, '']) {
      expect(precheckAuthorization(header({ oauth_consumer_key: LOGIN, oauth_timestamp: timestamp }), context)).toMatchObject({
        ok: false,
        reason: 'stale_timestamp',
      });
    }
    expect(precheckAuthorization(header({ oauth_consumer_key: LOGIN, oauth_timestamp: String(NOW - 301) }), context)).toEqual({
      ok: false,
      reason: 'stale_timestamp',
      message: `oauth_timestamp ${NOW - 301} is more than 300 s from the server's time ${NOW}`,
    });
    expect(precheckAuthorization(header({ oauth_consumer_key: LOGIN, oauth_timestamp: String(NOW - 300) }), context)).toEqual({ ok: true });
  });
});

describe('formMediaType', () => {
  it('reads a quoted charset with escapes as RFC 9110 quoted-string', () => {
    expect(formMediaType(`${FORM}; charset="utf\\-8"`)).toBe('utf-8');
    expect(formMediaType(`${FORM}; charset="latin\\-1"`)).toBe('unsupported');
    expect(formMediaType(null)).toBe('absent');
  });
});

describe('merchants at registration: each refusal names the problem', () => {
  const refusal = (account: unknown) => {
    try {
      createMerchantRegistry().add(account as never);
    } catch (error) {
      return { code: (error as { code?: string }).code, message: (error as Error).message };
    }
    return undefined;
  };

  it('login, endpoint ids, control key, keys', () => {
    const base = { login: 'm', controlKey: 'k', endpointIds: ['1'] };
    const invalid = (message: string) => ({ code: 'INVALID_MERCHANT', message });
    for (const account of [
      { ...base, login: '' },
      { ...base, login: 5 },
    ]) {
      expect(refusal(account)).toEqual(invalid('merchant.login must be a non-empty string'));
    }
    for (const endpointIds of [undefined, '1', [], ['1', ''], ['1', 2]]) {
      expect(refusal({ ...base, endpointIds })).toEqual(invalid('merchant m: endpointIds must be a non-empty list of non-empty strings'));
    }
    for (const controlKey of ['', 5]) expect(refusal({ ...base, controlKey })).toEqual(invalid('merchant m: controlKey must be a non-empty string'));
    expect(refusal({ login: 'm', endpointIds: ['1'] })).toEqual(invalid('merchant m: needs a controlKey (HMAC-SHA1) or publicKeys (RSA-SHA256)'));
    expect(refusal({ ...base, publicKeys: [keys.publicKey, 'not a key'] })).toEqual(
      invalid('merchant m: publicKeys[1] is not a usable RSA public key (INVALID_KEY)'),
    );
    expect(refusal(base)).toBeUndefined();
  });

  it('no account at all is an invalid merchant, not a TypeError, through the registry and createEmulator', () => {
    for (const account of [undefined, null]) {
      expect(refusal(account)).toEqual({ code: 'INVALID_MERCHANT', message: 'merchant.login must be a non-empty string' });
      expect(() => createEmulator({ merchants: [account as never], log: () => undefined })).toThrow(
        expect.objectContaining({ code: 'INVALID_MERCHANT', message: 'merchant.login must be a non-empty string' }),
      );
    }
  });

  it('a login is registered once', () => {
    const registry = createMerchantRegistry([{ login: 'm', controlKey: 'k', endpointIds: ['1'] }]);
    expect(() => registry.add({ login: 'm', controlKey: 'k2', endpointIds: ['2'] })).toThrow(
      expect.objectContaining({ code: 'INVALID_MERCHANT', message: 'merchant m is already registered' }),
    );
  });
});
