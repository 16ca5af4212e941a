import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryNonceStore } from '@paysign/oauth-core/webcrypto';
import { createCloudflareWorker } from '@paysign/edge/cloudflare';
import { createDenoHandler } from '@paysign/edge/deno';
import { createVercelHandler } from '@paysign/edge/vercel';
import { optionsFromEnv, signCallerRequest, type ProxyOverrides } from '@paysign/edge';
import { CALLER_HMAC_SECRET, CALLER_TOKEN, CONTROL_KEY, errorOf, PAN_PATH, PROXY } from './helpers.js';

const env = {
  PAYSIGN_GATEWAY_URL: 'https://sandbox.gate.example',
  PAYSIGN_MERCHANT_LOGIN: 'merchant-login',
  PAYSIGN_CONTROL_KEY: CONTROL_KEY,
  PAYSIGN_CALLER_TOKENS: `${CALLER_TOKEN}, ${'t'.repeat(32)}`,
  PAYSIGN_ALLOW: '{"pan-eligibility/send":["1234"]}',
  PAYSIGN_TIMEOUT_MS: '5000',
  PAYSIGN_OAUTH_PARAMS_IN_BODY: 'true',
};

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  delete (globalThis as { Deno?: unknown }).Deno;
});

describe('the platform files read the same environment', () => {
  it('optionsFromEnv maps every variable to its option', () => {
    expect(optionsFromEnv(env)).toEqual({
      gatewayUrl: 'https://sandbox.gate.example',
      merchant: { login: 'merchant-login', signatureMethod: 'HMAC-SHA1', controlKey: CONTROL_KEY },
      callers: { bearerTokens: [CALLER_TOKEN, 't'.repeat(32)] },
      allow: { 'pan-eligibility/send': ['1234'] },
      timeoutMs: 5000,
      oauthParamsInBody: true,
    });
  });

  it('Vercel Edge reads process.env on the first request', async () => {
    Object.assign(process.env, env, { PAYSIGN_ALLOW: '{"transfer":["1"]}' });
    const handler = createVercelHandler();
    const response = await handler(new Request(`${PROXY}${PAN_PATH}`, { method: 'POST', headers: { Authorization: `Bearer ${CALLER_TOKEN}` } }));
    expect([response.status, (await errorOf(response)).code]).toEqual([403, 'OPERATION_NOT_ALLOWED']);
  });

  it('Deno Deploy reads Deno.env, and names a missing variable', async () => {
    const { PAYSIGN_MERCHANT_LOGIN: _, ...incomplete } = env;
    (globalThis as { Deno?: unknown }).Deno = { env: { toObject: () => incomplete } };
    const response = await createDenoHandler()(new Request(`${PROXY}${PAN_PATH}`, { method: 'POST' }));
    expect(response.status).toBe(500);
    expect(await errorOf(response)).toEqual({ code: 'PROXY_MISCONFIGURED', message: 'the proxy is misconfigured: PAYSIGN_MERCHANT_LOGIN is not set' });
  });
});

describe('every platform entry refuses HMAC callers without a shared nonce store, unless per-isolate memory is chosen by name', () => {
  const hmacEnv = { ...env, PAYSIGN_CALLER_HMAC_SECRETS: CALLER_HMAC_SECRET };
  const upstream = async () => new Response('type=async-response\n');
  // Each entry, given overrides, answers one request with hmacEnv as its environment.
  const entries: [string, string, (overrides: ProxyOverrides) => (request: Request) => Promise<Response>][] = [
    [
      'Cloudflare',
      "bind the PaysignNonceStore Durable Object as PAYSIGN_NONCE_STORE (and export the class from the worker's main module)",
      (overrides) => (request) => createCloudflareWorker(overrides).fetch(request, hmacEnv),
    ],
    [
      'Deno',
      'pass nonceStore: createDenoKvNonceStore(Deno.openKv()) to createDenoHandler',
      (overrides) => {
        (globalThis as { Deno?: unknown }).Deno = { env: { toObject: () => hmacEnv } };
        return createDenoHandler(overrides);
      },
    ],
    [
      'Vercel',
      'pass nonceStore (a NonceStore over a shared store such as Upstash Redis, see the README) to createVercelHandler',
      (overrides) => {
        Object.assign(process.env, hmacEnv);
        return createVercelHandler(overrides);
      },
    ],
  ];
  const signed = async () =>
    new Request(`${PROXY}${PAN_PATH}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${PROXY}${PAN_PATH}`, body: panBody })),
      },
      body: panBody,
    });
  const panBody = 'client-order-id=order-1&sending-card-ref-id=ref-9';

  for (const [name, how, entry] of entries) {
    it(`${name}: no nonce store is 500 PROXY_MISCONFIGURED saying how to give one; nothing is forwarded`, async () => {
      const sent: Request[] = [];
      const handler = entry({ fetch: async (request) => (sent.push(request), upstream()) });
      const bearer = new Request(`${PROXY}${PAN_PATH}`, { method: 'POST', headers: { Authorization: `Bearer ${CALLER_TOKEN}` } });
      for (const request of [await signed(), bearer]) {
        const response = await handler(request);
        expect([response.status, await errorOf(response)]).toEqual([
          500,
          {
            code: 'PROXY_MISCONFIGURED',
            message: `the proxy is misconfigured: PAYSIGN_CALLER_HMAC_SECRETS is set but no shared nonce store is: ${how}, so that a signed request is accepted once across every isolate (nothing is forwarded until then)`,
          },
        ]);
      }
      expect(sent).toEqual([]);
    });

    it(`${name}: a given store, or 'unsafe-per-isolate-memory' by name, is accepted; anything else is refused`, async () => {
      for (const nonceStore of [createMemoryNonceStore(), 'unsafe-per-isolate-memory' as const]) {
        const response = await entry({ nonceStore, fetch: upstream })(await signed());
        expect([response.status, await response.text()]).toEqual([200, 'type=async-response\n']);
      }
      const response = await entry({ nonceStore: 'per-isolate' as never, fetch: upstream })(await signed());
      expect([response.status, await errorOf(response)]).toEqual([
        500,
        { code: 'PROXY_MISCONFIGURED', message: "the proxy is misconfigured: nonceStore must be a NonceStore (with remember) or 'unsafe-per-isolate-memory'" },
      ]);
    });
  }
});
