import { afterEach, describe, expect, it } from 'vitest';
import { createDenoHandler } from '@paysign/edge/deno';
import { createVercelHandler } from '@paysign/edge/vercel';
import { optionsFromEnv } from '@paysign/edge';
import { CALLER_TOKEN, CONTROL_KEY, errorOf, PAN_PATH, PROXY } from './helpers.js';

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
