import { createHmac, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseAuthorizationHeader } from '@paysign/oauth-core';
import { parseFormPairs } from '@paysign/oauth-core/encoding';
import { encodePayload } from '@paysign/payload-codec';
import {
  CALLER_TOKEN,
  CONTROL_KEY,
  ENDPOINT,
  errorOf,
  GATEWAY,
  harness,
  LOGIN,
  PAN,
  PAN_PATH,
  PROXY,
  TRANSFER_PATH,
  UPDATE_PATH,
  callerRequest,
} from './helpers.js';

const panParams = { 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' };

describe('a request that passes every check is signed, forwarded and answered by the gateway', () => {
  it('signs pan-eligibility/send with HMAC-SHA1 so that the gateway (emulator) accepts it', async () => {
    const { proxy, upstream, events } = harness();
    const response = await proxy.fetch(callerRequest(PAN_PATH, panParams));
    expect(response.status).toBe(200);
    const reply = new URLSearchParams((await response.text()).replace(/\n/g, ''));
    expect(reply.get('type')).toBe('async-response');
    expect(reply.get('merchant-order-id')).toBe('order-1');
    expect(upstream).toHaveLength(1);
    expect(upstream[0]!.url).toBe(`${GATEWAY}/payment/api/v2/pan-eligibility/send/${ENDPOINT}`);
    expect(events).toEqual([{ kind: 'forwarded', status: 200, operation: 'pan-eligibility/send', endpointId: ENDPOINT, stripped: [] }]);
  });

  it('computes the HMAC-SHA1 signature over the spec base string, checked with node:crypto independently', async () => {
    const { proxy, upstream } = harness();
    await proxy.fetch(callerRequest(PAN_PATH, panParams));
    const sent = upstream[0]!;
    const header = parseAuthorizationHeader(sent.headers.get('authorization')!);
    const { oauth_signature: signature, ...oauth } = header.params;
    const body = await sent.text();
    // Spec "Signature base string": body and oauth parameters, encoded, sorted, joined, encoded again.
    const enc = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const pairs = [...parseFormPairs(body), ...Object.entries(oauth)].map(([n, v]) => `${enc(n)}=${enc(v)}`).sort();
    const base = `POST&${enc(`${GATEWAY}${PAN_PATH}`)}&${enc(pairs.join('&'))}`;
    expect(signature).toBe(createHmac('sha1', `${CONTROL_KEY}&`).update(base).digest('base64'));
    expect(oauth.oauth_consumer_key).toBe(LOGIN);
    expect(oauth.oauth_signature_method).toBe('HMAC-SHA1');
  });

  it('signs with RSA-SHA256 from a PKCS#1 PEM private key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const { proxy, emulator } = harness({ merchant: { login: 'rsa-merchant', signatureMethod: 'RSA-SHA256', privateKey: pem } });
    emulator.merchants.add({ login: 'rsa-merchant', publicKeys: [publicKey.export({ type: 'spki', format: 'pem' }).toString()], endpointIds: [ENDPOINT] });
    const response = await proxy.fetch(callerRequest(PAN_PATH, panParams));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('type=async-response');
  });

  it('takes the merchant as the gateway client does: the method may be left out, the key names it', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const rsa = harness({ merchant: { login: 'rsa-merchant', privateKey: pem } });
    rsa.emulator.merchants.add({ login: 'rsa-merchant', publicKeys: [publicKey.export({ type: 'spki', format: 'pem' }).toString()], endpointIds: [ENDPOINT] });
    expect((await rsa.proxy.fetch(callerRequest(PAN_PATH, panParams))).status).toBe(200);
    expect(parseAuthorizationHeader(rsa.upstream[0]!.headers.get('authorization')!).params.oauth_signature_method).toBe('RSA-SHA256');
    const hmac = harness({ merchant: { login: LOGIN, controlKey: CONTROL_KEY } });
    expect((await hmac.proxy.fetch(callerRequest(PAN_PATH, panParams))).status).toBe(200);
    expect(parseAuthorizationHeader(hmac.upstream[0]!.headers.get('authorization')!).params.oauth_signature_method).toBe('HMAC-SHA1');
  });

  it('a merchant with both keys: pan-eligibility/send signs HMAC-SHA1, transfer RSA-SHA256, and the emulator accepts both', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const both = harness({ merchant: { login: LOGIN, controlKey: CONTROL_KEY, privateKey: pem } });
    both.emulator.merchants.addPublicKey(LOGIN, publicKey.export({ type: 'spki', format: 'pem' }).toString());
    expect((await both.proxy.fetch(callerRequest(PAN_PATH, panParams))).status).toBe(200);
    const transfer = {
      client_orderid: 'transfer-both',
      amount: '10.00',
      currency: 'EUR',
      card_recurring_payment_id: 'src-1',
      destination_card_recurring_payment_id: 'dst-1',
    };
    expect((await both.proxy.fetch(callerRequest(TRANSFER_PATH, transfer))).status).toBe(200);
    const methods = both.upstream.map((request) => parseAuthorizationHeader(request.headers.get('authorization')!).params.oauth_signature_method);
    expect(methods).toEqual(['HMAC-SHA1', 'RSA-SHA256']);
  });

  it('forwards an update-recurring-payments payload that passes the gateway rules', async () => {
    const { proxy } = harness();
    const row = {
      'client-orderid': 'o-1',
      'recurring-payment-id': 'rp-1',
      'credit-card-number': PAN,
      'card-printed-name': 'JOHN DOE',
      'expire-year': '2030',
      'expire-month': '12',
      amount: '9.99',
    };
    const payload = encodePayload([row], { columns: Object.keys(row) });
    const response = await proxy.fetch(callerRequest(UPDATE_PATH, { payload }));
    // The emulator authenticated the signature (a bad one is an empty 403) and answered in form encoding.
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^type=/);
  });
});

describe('callers cannot reach the signer with their own protocol parameters', () => {
  it('never forwards the caller Authorization header, and strips oauth_* body parameters', async () => {
    const { proxy, upstream, events } = harness();
    const body = new URLSearchParams({ ...panParams, oauth_signature: 'forged', oauth_nonce: 'fixed', oauth_consumer_key: 'someone-else' }).toString();
    const response = await proxy.fetch(callerRequest(PAN_PATH, body, { 'X-Extra': 'kept-out' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('paysign-stripped')).toBe('3');
    const sent = upstream[0]!;
    expect(sent.headers.get('authorization')).toMatch(/^OAuth oauth_consumer_key="merchant-login", /);
    expect(sent.headers.get('authorization')).not.toContain(CALLER_TOKEN);
    expect(sent.headers.get('x-extra')).toBeNull();
    expect(parseFormPairs(await sent.text())).toEqual(Object.entries(panParams));
    expect(events[0]).toMatchObject({ kind: 'forwarded', stripped: ['oauth_signature', 'oauth_nonce', 'oauth_consumer_key'] });
  });

  it('strips oauth_* from the query and refuses any other query parameter (it would be lost)', async () => {
    const stripped = harness();
    const ok = await stripped.proxy.fetch(callerRequest(`${PAN_PATH}?oauth_token=t`, panParams));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('paysign-stripped')).toBe('1');
    expect(stripped.upstream[0]!.url).toBe(`${GATEWAY}${PAN_PATH}`);

    const refused = harness();
    const response = await refused.proxy.fetch(callerRequest(`${PAN_PATH}?debug=1`, panParams));
    expect(response.status).toBe(422);
    expect((await errorOf(response)).issues).toEqual([
      { field: 'debug', rule: 'query-parameter', message: 'debug must be sent in the form body, not the query' },
    ]);
    expect(refused.upstream).toHaveLength(0);
  });
});

describe('the gateway reply is passed back as it came', () => {
  it('keeps status, body bytes and end-to-end headers; drops hop-by-hop ones and Set-Cookie', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 10, 13]);
    const { proxy } = harness(
      {},
      async () =>
        new Response(bytes, {
          status: 418,
          statusText: 'Teapot',
          headers: {
            'Content-Type': 'application/octet-stream',
            'X-Gateway-Trace': 'abc',
            Connection: 'keep-alive, x-hop',
            'Keep-Alive': 'timeout=60',
            'X-Hop': '1',
            'Set-Cookie': 'session=1',
          },
        }),
    );
    const response = await proxy.fetch(callerRequest(PAN_PATH, panParams));
    expect(response.status).toBe(418);
    expect(response.statusText).toBe('Teapot');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('x-gateway-trace')).toBe('abc');
    for (const name of ['connection', 'keep-alive', 'x-hop', 'set-cookie']) expect(response.headers.get(name)).toBeNull();
  });

  it('passes the gateway 403 (a signature it refused) through unchanged, not as a proxy error', async () => {
    const { proxy } = harness({ merchant: { login: LOGIN, signatureMethod: 'HMAC-SHA1', controlKey: 'a-different-control-key' } });
    const response = await proxy.fetch(callerRequest(PAN_PATH, panParams));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('streams: the reply is returned before the gateway has finished its body', async () => {
    let finish!: () => void;
    const { proxy } = harness({}, async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('type=async'));
          finish = () => {
            controller.enqueue(new TextEncoder().encode('-response\n'));
            controller.close();
          };
        },
      });
      return new Response(body, { status: 200 });
    });
    const response = await proxy.fetch(callerRequest(PAN_PATH, panParams));
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('type=async');
    finish();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('-response\n');
  });

  it('answers 504 when the gateway does not reply in time, and 502 when it cannot be reached', async () => {
    const slow = harness(
      { timeoutMs: 50 },
      (request) => new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
    );
    const timedOut = await slow.proxy.fetch(callerRequest(PAN_PATH, panParams));
    expect(timedOut.status).toBe(504);
    expect((await errorOf(timedOut)).code).toBe('UPSTREAM_TIMEOUT');

    const down = harness({}, async () => {
      throw new TypeError('fetch failed');
    });
    const unreachable = await down.proxy.fetch(callerRequest(PAN_PATH, panParams));
    expect(unreachable.status).toBe(502);
    expect(await errorOf(unreachable)).toMatchObject({ code: 'UPSTREAM_UNREACHABLE', message: expect.stringContaining('check its outcome before retrying') });
  });
});

describe('gatewayUrl and pathPrefix', () => {
  it('keeps the base URL path and applies the path prefix on both sides', async () => {
    const { proxy, upstream } = harness({ gatewayUrl: `${GATEWAY}/gw/`, pathPrefix: '/pay' }, async () => new Response('ok'));
    const response = await proxy.fetch(
      callerRequest(`/pay/api/v4/transfer/${ENDPOINT}`, {
        client_orderid: 'o',
        amount: '1.00',
        currency: 'EUR',
        card_recurring_payment_id: 's',
        destination_card_recurring_payment_id: 'd',
      }),
    );
    expect(response.status).toBe(200);
    expect(upstream[0]!.url).toBe(`${GATEWAY}/gw/pay/api/v4/transfer/${ENDPOINT}`);
    expect((await await harness({ pathPrefix: '/pay' }).proxy.fetch(callerRequest(TRANSFER_PATH, {}))).status).toBe(404);
  });
});

describe('proxy URL', () => {
  it('is independent of the host the caller used', async () => {
    const { proxy, upstream } = harness();
    const request = new Request(`http://10.0.0.7:8787${PAN_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${CALLER_TOKEN}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(panParams),
    });
    expect((await proxy.fetch(request)).status).toBe(200);
    expect(upstream[0]!.url.startsWith(GATEWAY)).toBe(true);
    expect(PROXY).not.toBe(GATEWAY);
  });
});
