import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '@paysign/emulator';
import { createSigningProxy, type ProxyEvent, type SigningProxyOptions } from '@paysign/edge';
import { HANDLER_THREW, serveFetch, type Served } from './http.js';
import { CALLER_TOKEN, CONTROL_KEY, ENDPOINT, LOGIN, TRANSFER_PATH } from './helpers.js';

// Over real HTTP: the emulator and the proxy each behind a Node server on 127.0.0.1. Once the
// proxy has forwarded a transfer the gateway may have executed it, so from then on nothing may
// keep the gateway's reply from the caller; input that could break the reply is refused before.

let gateway: Served;
const served: Served[] = [];
const executed: string[] = [];

beforeAll(async () => {
  const emulator = createEmulator({
    merchants: [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: [ENDPOINT], currency: 'EUR' }],
    log: (event) => {
      if (event.kind === 'accepted') executed.push(event.operation);
    },
  });
  gateway = await serveFetch((request) => emulator.fetch(request));
});

afterAll(async () => {
  for (const server of served) await server.close();
  await gateway.close();
});

async function proxyUrl(overrides: Partial<SigningProxyOptions> = {}): Promise<string> {
  const proxy = createSigningProxy({
    gatewayUrl: gateway.url,
    merchant: { login: LOGIN, signatureMethod: 'HMAC-SHA1', controlKey: CONTROL_KEY },
    callers: { bearerTokens: [CALLER_TOKEN] },
    allow: { transfer: [ENDPOINT] },
    ...overrides,
  });
  const server = await serveFetch((request) => proxy.fetch(request));
  served.push(server);
  return server.url;
}

const transfer = 'client_orderid=o-1&amount=1.00&currency=EUR&card_recurring_payment_id=s-1&destination_card_recurring_payment_id=d-1';

async function post(url: string, body: string, query = ''): Promise<{ status: number; text: string; headers: Headers; executed: string[] }> {
  const before = executed.length;
  const response = await fetch(`${url}${TRANSFER_PATH}${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${CALLER_TOKEN}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, executed: executed.slice(before) };
}

describe('a caller oauth_* name that no header could carry is refused with 400 before forwarding', () => {
  const names: [string, string][] = [
    ['CR LF', 'oauth_%0D%0AX-Injected%3A%201'],
    ['LF', 'oauth_x%0A'],
    ['a non-Latin-1 character', 'oauth_%E2%82%AC'],
    ['a Latin-1 letter outside the token pattern', 'oauth_%C3%A9'],
    ['a space', 'oauth_a%20b'],
  ];
  for (const [what, name] of names) {
    it(`in the body: ${what}; the gateway executes nothing`, async () => {
      const url = await proxyUrl();
      const reply = await post(url, `${transfer}&${name}=1`);
      expect(reply.text).not.toBe(HANDLER_THREW);
      expect([reply.status, JSON.parse(reply.text).error.code]).toEqual([400, 'MALFORMED_REQUEST']);
      expect(JSON.parse(reply.text).error.message).toBe(
        'an oauth_* parameter name may hold only ASCII letters, digits and _, at most 64 after oauth_ (the proxy sets the protocol parameters itself)',
      );
      expect(reply.executed).toEqual([]);
    });
  }

  it('in the query: CR LF; the gateway executes nothing', async () => {
    const reply = await post(await proxyUrl(), transfer, '?oauth_%0D%0Ax=1');
    expect([reply.status, JSON.parse(reply.text).error.code, reply.executed]).toEqual([400, 'MALFORMED_REQUEST', []]);
  });
});

describe('stripped oauth_* parameters', () => {
  it('are counted in Paysign-Stripped (a number, never caller text); names go to the log only', async () => {
    const events: ProxyEvent[] = [];
    const url = await proxyUrl({ log: (event) => events.push(event) });
    const reply = await post(url, `${transfer}&oauth_signature=forged&oauth_nonce=n&oauth_signature=again`, '?oauth_token=t');
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(/^type=/);
    expect(reply.headers.get('paysign-stripped')).toBe('3');
    expect(reply.executed).toEqual(['transfer']);
    expect(events).toEqual([expect.objectContaining({ kind: 'forwarded', status: 200, stripped: ['oauth_token', 'oauth_signature', 'oauth_nonce'] })]);
  });

  it('without any, the reply has no Paysign-Stripped header', async () => {
    const reply = await post(await proxyUrl(), transfer);
    expect([reply.status, reply.headers.get('paysign-stripped')]).toEqual([200, null]);
  });
});

describe("after forwarding, the gateway's reply always reaches the caller", () => {
  it("even when the log throws on the forwarded event: the caller gets the gateway's 200 for the executed transfer", async () => {
    const url = await proxyUrl({
      log: (event) => {
        if (event.kind === 'forwarded') throw new Error('the log sink is down');
      },
    });
    const reply = await post(url, `${transfer}&oauth_nonce=x`);
    expect(reply.text).not.toBe(HANDLER_THREW);
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(/^type=/);
    expect(reply.executed).toEqual(['transfer']);
  });

  it('and a log that throws on refusals does not turn a refusal into a crash', async () => {
    const url = await proxyUrl({
      log: () => {
        throw new Error('the log sink is down');
      },
    });
    const reply = await post(url, 'amount=1.00');
    expect([reply.status, JSON.parse(reply.text).error.code, reply.executed]).toEqual([422, 'VALIDATION_FAILED', []]);
  });
});
