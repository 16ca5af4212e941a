import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { createSigningProxy, signCallerRequest } from '@paysign/edge';
import { serveFetch, type Served } from './http.js';
import { CALLER_HMAC_SECRET, CALLER_TOKEN, CONTROL_KEY, ENDPOINT, LOGIN, TRANSFER_PATH } from './helpers.js';

// @hono/node-server (behind the emulator's Node serve()) replaces globalThis.Request and
// globalThis.Response with its own classes in the whole process. The gateway's replies, made by
// Node's fetch, are then no `instanceof Response`: the proxy must tell a reply from a refusal by
// shape, not by class, or every gateway reply reaches the caller as `200 {"error":{}}`.

const NativeResponse = globalThis.Response;
let gateway: RunningEmulator;
const proxies: Served[] = [];
const executed: string[] = [];

beforeAll(async () => {
  gateway = await serve({
    merchants: [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: [ENDPOINT], currency: 'EUR' }],
    log: (event) => {
      if (event.kind === 'accepted') executed.push(event.operation);
    },
  });
});

afterAll(async () => {
  for (const served of proxies) await served.close();
  await gateway.close();
});

async function proxyFor(controlKey: string): Promise<string> {
  const proxy = createSigningProxy({
    gatewayUrl: gateway.url,
    merchant: { login: LOGIN, signatureMethod: 'HMAC-SHA1', controlKey },
    callers: { bearerTokens: [CALLER_TOKEN], hmacSecrets: [CALLER_HMAC_SECRET] },
    allow: { transfer: [ENDPOINT] },
  });
  const served = await serveFetch((request) => proxy.fetch(request));
  proxies.push(served);
  return served.url;
}

const transfer = new URLSearchParams({
  client_orderid: 'o-1',
  amount: '1.00',
  currency: 'EUR',
  card_recurring_payment_id: 's-1',
  destination_card_recurring_payment_id: 'd-1',
}).toString();
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('the proxy in a process where @hono/node-server replaced globalThis.Response', () => {
  it('runs where the replacement happened (the premise of this file)', () => {
    expect(globalThis.Response).not.toBe(NativeResponse);
  });

  it("passes a gateway 403 on a transfer to the caller as 403 with the gateway's (empty) body and headers", async () => {
    const url = await proxyFor('not-the-merchant-control-key');
    const response = await fetch(`${url}${TRANSFER_PATH}`, { method: 'POST', headers: { ...form, Authorization: `Bearer ${CALLER_TOKEN}` }, body: transfer });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('');
    expect(response.headers.get('server')).toBe('paysign-emulator');
    expect(response.headers.get('content-type')).not.toBe('application/json; charset=utf-8');
  });

  it('passes an accepted transfer through as the gateway answered it, executed once', async () => {
    const url = await proxyFor(CONTROL_KEY);
    const before = executed.length;
    const headers = { ...form, ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${url}${TRANSFER_PATH}`, body: transfer })) };
    const response = await fetch(`${url}${TRANSFER_PATH}`, { method: 'POST', headers, body: transfer });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^type=/);
    expect(response.headers.get('server')).toBe('paysign-emulator');
    expect(executed.slice(before)).toEqual(['transfer']);
  });
});
