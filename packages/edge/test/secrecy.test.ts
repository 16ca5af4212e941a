import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSigningProxy, EdgeError, signCallerRequest, type ProxyEvent } from '@paysign/edge';
import { createCloudflareWorker } from '@paysign/edge/cloudflare';
import { callerRequest, CALLER_HMAC_SECRET, CALLER_TOKEN, CONTROL_KEY, ENDPOINT, harness, PAN_PATH, PROXY, TRANSFER_PATH, UPDATE_PATH } from './helpers.js';

const SECRETS = [CONTROL_KEY, CALLER_TOKEN, CALLER_HMAC_SECRET, 'SECRET'];
// Never read as a key: the option checks refuse it before anything parses it.
const PRIVATE_PEM = '-----BEGIN PRIVATE KEY-----\nSECRET-key-body\n-----END PRIVATE KEY-----';

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('no secret ever leaves the proxy', () => {
  it('in any reply, reply header or log event, across refusals and forwards', async () => {
    const texts: string[] = [];
    const events: ProxyEvent[] = [];
    const requests = [
      new Request(`${PROXY}${PAN_PATH}`, { method: 'GET' }),
      callerRequest(PAN_PATH, { a: CALLER_TOKEN }, { Authorization: `Bearer ${CALLER_TOKEN}x` }),
      callerRequest('/nowhere', {}),
      callerRequest(TRANSFER_PATH, { credit_card_number: CONTROL_KEY }),
      callerRequest(UPDATE_PATH, { payload: 'x' }),
      callerRequest(PAN_PATH, { 'client-order-id': 'o', 'sending-card-ref-id': 'r', oauth_signature: 'x' }),
    ];
    for (const request of requests) {
      const { proxy } = harness({ log: (event) => events.push(event) });
      const response = await proxy.fetch(request);
      texts.push(await response.text(), JSON.stringify([...response.headers]));
    }
    expect(events.map((event) => event.kind)).toContain('forwarded');
    // The caller's own values may be echoed only as field names; the proxy's secrets never.
    for (const text of [...texts, JSON.stringify(events)]) expectNoSecret(text.replace(`{"a":"${CALLER_TOKEN}"}`, ''));
  });

  it('in option errors, which name the option and never its value', () => {
    const base = {
      gatewayUrl: 'https://g.example',
      merchant: { login: 'm', signatureMethod: 'HMAC-SHA1' as const, controlKey: CONTROL_KEY },
      allow: { transfer: [ENDPOINT] },
    };
    const cases: [unknown, string][] = [
      [{ ...base, callers: {} }, 'callers must set bearerTokens or hmacSecrets: the proxy never signs for anonymous callers'],
      [{ ...base, callers: { bearerTokens: ['SECRET-short'] } }, 'callers.bearerTokens: every secret must be at least 32 characters'],
      [
        { ...base, callers: { bearerTokens: [CALLER_TOKEN] }, allow: { refund: ['1'] } },
        'allow: refund is not a gateway operation (one of update-recurring-payments, pan-eligibility/send, transfer)',
      ],
      [{ ...base, callers: { bearerTokens: [CALLER_TOKEN] }, allow: { transfer: [] } }, 'allow.transfer must be a non-empty array of endpoint ids'],
      [{ ...base, callers: { bearerTokens: [CALLER_TOKEN] }, allow: {} }, 'allow must name at least one operation'],
      [
        { ...base, callers: { bearerTokens: [CALLER_TOKEN] }, gatewayUrl: `https://g.example/?key=${CONTROL_KEY}` },
        'gatewayUrl: must not hold credentials, a query or a fragment',
      ],
      [
        { ...base, callers: { bearerTokens: [CALLER_TOKEN] }, merchant: { login: 'm', signatureMethod: 'PLAINTEXT', controlKey: CONTROL_KEY } },
        'merchant.signatureMethod: must be HMAC-SHA1 or RSA-SHA256',
      ],
      [
        { ...base, callers: { bearerTokens: [CALLER_TOKEN] }, merchant: { login: 'm', signatureMethod: 'RSA-SHA256' } },
        'merchant.controlKey: give controlKey (HMAC-SHA1), privateKey (RSA-SHA256) or both',
      ],
      [
        { ...base, callers: { bearerTokens: [CALLER_TOKEN] }, merchant: { login: 'm', controlKey: CONTROL_KEY, signatureMethods: { transfer: 'RSA-SHA256' } } },
        'merchant.signatureMethods.transfer: RSA-SHA256 signs with the privateKey, which is not given',
      ],
      [
        {
          ...base,
          callers: { bearerTokens: [CALLER_TOKEN] },
          merchant: { login: 'm', signatureMethod: 'HMAC-SHA1', privateKey: PRIVATE_PEM },
        },
        'merchant.signatureMethod: HMAC-SHA1 signs with the controlKey, which is not given',
      ],
      [
        { ...base, callers: { bearerTokens: [CALLER_TOKEN] }, merchant: { login: '', controlKey: '' } },
        'merchant.login: must be a non-empty string; merchant.controlKey: must be a non-empty string',
      ],
      [{ ...base, callers: { bearerTokens: [CALLER_TOKEN] }, timeoutMs: 0 }, 'timeoutMs must be a positive whole number'],
    ];
    for (const [options, message] of cases) {
      let thrown: unknown;
      try {
        createSigningProxy(options as Parameters<typeof createSigningProxy>[0]);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(EdgeError);
      expect({ code: (thrown as EdgeError).code, message: (thrown as EdgeError).message }).toEqual({ code: 'INVALID_OPTIONS', message });
      expectNoSecret(JSON.stringify(thrown) + String((thrown as Error).stack));
    }
  });

  it('in the Workers adapter, whose configuration errors name the variable only', async () => {
    const worker = createCloudflareWorker();
    const env = {
      PAYSIGN_GATEWAY_URL: 'https://g.example',
      PAYSIGN_MERCHANT_LOGIN: 'm',
      PAYSIGN_CONTROL_KEY: CONTROL_KEY,
      PAYSIGN_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      PAYSIGN_CALLER_TOKENS: CALLER_TOKEN,
      PAYSIGN_ALLOW: `{"transfer":["1"],"key":"${CONTROL_KEY}"`,
    };
    const response = await worker.fetch(callerRequest(TRANSFER_PATH, {}), env);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'PROXY_MISCONFIGURED',
        message: 'the proxy is misconfigured: PAYSIGN_ALLOW must be JSON such as {"transfer":["1234"]}',
      },
    });
    expectNoSecret(text);
    expect(text).not.toContain('PRIVATE KEY-----');
  });

  it('in signCallerRequest output, which carries the MAC and never the secret', async () => {
    const headers = await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${PROXY}${PAN_PATH}`, body: 'a=1' });
    expectNoSecret(JSON.stringify(headers));
  });
});
