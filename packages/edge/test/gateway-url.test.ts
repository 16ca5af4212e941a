import { describe, expect, it } from 'vitest';
import { createSigningProxy, EdgeError, isEdgeError, type SigningProxyOptions } from '@paysign/edge';
import { createCloudflareWorker } from '@paysign/edge/cloudflare';
import { CALLER_TOKEN, CONTROL_KEY, ENDPOINT, errorOf, callerRequest, TRANSFER_PATH } from './helpers.js';

const base: SigningProxyOptions = {
  gatewayUrl: 'https://sandbox.gate.example',
  merchant: { login: 'm', signatureMethod: 'HMAC-SHA1', controlKey: CONTROL_KEY },
  callers: { bearerTokens: [CALLER_TOKEN] },
  allow: { transfer: [ENDPOINT] },
};

function thrown(gatewayUrl: string): unknown {
  try {
    createSigningProxy({ ...base, gatewayUrl });
    return undefined;
  } catch (error) {
    return error;
  }
}

describe("gatewayUrl: https, or plain http to a loopback host only (the gateway client's rule)", () => {
  it('refuses http: to any other host with INVALID_OPTIONS', () => {
    for (const url of ['http://sandbox.gate.example', 'http://10.0.0.7:8080', 'http://128.0.0.1', 'http://localhost.example', 'http://[::2]']) {
      const error = thrown(url);
      expect(error, url).toBeInstanceOf(EdgeError);
      expect(isEdgeError(error)).toBe(true);
      expect({ code: (error as EdgeError).code, message: (error as EdgeError).message }).toEqual({
        code: 'INVALID_OPTIONS',
        message: 'gatewayUrl: must use https: (plain http: only for a loopback host: localhost, 127.0.0.0/8 or [::1])',
      });
    }
  });

  it('accepts https: anywhere and http: to 127.0.0.0/8, localhost and [::1]', () => {
    for (const url of [
      'https://sandbox.gate.example',
      'http://127.0.0.1:8080',
      'http://127.0.0.2',
      'http://localhost',
      'http://LOCALHOST:1/gw',
      'http://[::1]:9',
    ]) {
      expect(thrown(url), url).toBeUndefined();
    }
  });

  it('a platform entry with an http: gateway answers 500 PROXY_MISCONFIGURED naming the variable', async () => {
    const env = {
      PAYSIGN_GATEWAY_URL: 'http://sandbox.gate.example',
      PAYSIGN_MERCHANT_LOGIN: 'm',
      PAYSIGN_CONTROL_KEY: CONTROL_KEY,
      PAYSIGN_CALLER_TOKENS: CALLER_TOKEN,
      PAYSIGN_ALLOW: '{"transfer":["1234"]}',
    };
    const response = await createCloudflareWorker().fetch(callerRequest(TRANSFER_PATH, {}), env);
    expect(response.status).toBe(500);
    expect((await errorOf(response)).message).toBe(
      'the proxy is misconfigured: gatewayUrl: must use https: (plain http: only for a loopback host: localhost, 127.0.0.0/8 or [::1])',
    );
  });
});
