import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigningProxy, type SigningProxyOptions } from '@paysign/edge';
import { serveFetch, type Served } from './http.js';
import { CALLER_TOKEN, CONTROL_KEY, ENDPOINT, LOGIN, PAN, TRANSFER_PATH } from './helpers.js';

// Over real HTTP with Node's own fetch (the proxy's default upstream): a "gateway" on 127.0.0.1
// that answers every POST with a redirect to a second origin, which records anything it
// receives. Following the redirect would re-POST the signed body (card data, oauth_signature) to
// the second origin and answer the caller with its "approved". deno.test.ts and workerd.test.ts
// run the same attack on those runtimes.

let gateway: Served;
let elsewhere: Served;
let proxy: Served;
const received: { method: string; body: string }[] = [];
let redirectStatus = 307;

beforeAll(async () => {
  elsewhere = await serveFetch(async (request) => {
    received.push({ method: request.method, body: await request.text() });
    return new Response('type=async-response\n&status=approved\n', { status: 200 });
  });
  gateway = await serveFetch(async (request) => {
    await request.arrayBuffer();
    return new Response('moved\n', { status: redirectStatus, headers: { Location: `${elsewhere.url}/collect`, 'X-Gateway': 'yes' } });
  });
  proxy = await serveFetch((request) => signingProxy().fetch(request));
});

afterAll(async () => {
  await proxy.close();
  await gateway.close();
  await elsewhere.close();
});

function signingProxy(overrides: Partial<SigningProxyOptions> = {}) {
  return createSigningProxy({
    gatewayUrl: gateway.url,
    merchant: { login: LOGIN, signatureMethod: 'HMAC-SHA1', controlKey: CONTROL_KEY },
    callers: { bearerTokens: [CALLER_TOKEN] },
    allow: { transfer: [ENDPOINT] },
    ...overrides,
  });
}

// A transfer from a card, so the body carries a PAN and a CVV, as the gateway's spec allows.
const transfer = new URLSearchParams({
  client_orderid: 'o-redirect',
  amount: '1.00',
  currency: 'EUR',
  credit_card_number: PAN,
  card_printed_name: 'A Person',
  expire_month: '12',
  expire_year: '2030',
  cvv2: '123',
  destination_card_recurring_payment_id: 'd-1',
}).toString();
const headers = { Authorization: `Bearer ${CALLER_TOKEN}`, 'Content-Type': 'application/x-www-form-urlencoded' };

describe('a gateway that answers with a redirect to another origin', () => {
  it('is not followed: the caller gets the 3xx as the gateway answer, without Location, and the other origin receives nothing', async () => {
    for (const status of [307, 308, 301, 302, 303]) {
      redirectStatus = status;
      // The caller follows redirects (fetch's default): a Location passed on would send its body on.
      const response = await fetch(`${proxy.url}${TRANSFER_PATH}`, { method: 'POST', headers, body: transfer });
      expect([status, response.status, await response.text()]).toEqual([status, status, 'moved\n']);
      expect(response.redirected).toBe(false);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('x-gateway')).toBe('yes');
    }
    expect(received).toEqual([]);
  });

  it('a fetch that follows the redirect anyway is refused 502: its reply is not the gateway answer', async () => {
    redirectStatus = 307;
    const following = signingProxy({ fetch: (request) => fetch(request, { redirect: 'follow' }) });
    const before = received.length;
    const response = await following.fetch(new Request(`https://proxy.example${TRANSFER_PATH}`, { method: 'POST', headers, body: transfer }));
    expect([response.status, await response.json()]).toEqual([
      502,
      {
        error: {
          code: 'UPSTREAM_UNREACHABLE',
          message:
            "the upstream fetch followed a redirect, so the gateway's own reply was lost; the request reached the gateway and may have been sent on elsewhere, so check its outcome before retrying",
        },
      },
    ]);
    // The re-sent request did arrive there: that is why the proxy itself never follows.
    expect(received.length - before).toBe(1);
  });
});
