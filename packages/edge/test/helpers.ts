import { expect } from 'vitest';
import { createEmulator, type Emulator } from '@paysign/emulator';
import { createSigningProxy, type ProxyEvent, type SigningProxy, type SigningProxyOptions } from '@paysign/edge';

// Secrets made of distinct marker words, so a test can search every reply and log line for them.
export const CONTROL_KEY = 'control-key-SECRET-hmac-3f9a1c7e5b2d4086';
export const CALLER_TOKEN = 'caller-token-SECRET-bearer-7d2e9b41c6a85f30';
export const CALLER_HMAC_SECRET = 'caller-hmac-SECRET-shared-0b8c4d2e6f1a3957';
export const LOGIN = 'merchant-login';
export const ENDPOINT = '1234';
export const PROXY = 'https://proxy.example';
export const GATEWAY = 'https://sandbox.gate.example';

/** A Luhn-valid test PAN (the classic Visa test number). */
export const PAN = '4111111111111111';

/** The proxy in front of the emulator, with every upstream request recorded. */
export interface Harness {
  proxy: SigningProxy;
  emulator: Emulator;
  upstream: Request[];
  events: ProxyEvent[];
}

/** Builds a proxy whose upstream is the emulator (or `upstream`), HMAC-SHA1 by default. */
export function harness(overrides: Partial<SigningProxyOptions> = {}, upstreamFetch?: (request: Request) => Promise<Response>): Harness {
  const emulator = createEmulator({
    merchants: [{ login: LOGIN, controlKey: CONTROL_KEY, endpointIds: [ENDPOINT, '5678'], currency: 'EUR' }],
    log: () => undefined,
  });
  const upstream: Request[] = [];
  const events: ProxyEvent[] = [];
  const proxy = createSigningProxy({
    gatewayUrl: GATEWAY,
    merchant: { login: LOGIN, signatureMethod: 'HMAC-SHA1', controlKey: CONTROL_KEY },
    callers: { bearerTokens: [CALLER_TOKEN], hmacSecrets: [CALLER_HMAC_SECRET] },
    allow: { 'pan-eligibility/send': [ENDPOINT], transfer: [ENDPOINT], 'update-recurring-payments': [ENDPOINT] },
    log: (event) => events.push(event),
    fetch: async (request) => {
      upstream.push(request.clone());
      return (upstreamFetch ?? ((r: Request) => emulator.fetch(r)))(request);
    },
    ...overrides,
  });
  return { proxy, emulator, upstream, events };
}

/** A form POST to the proxy with the caller's bearer token. */
export function callerRequest(path: string, body: string | Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${PROXY}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${CALLER_TOKEN}`, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
  });
}

export const PAN_PATH = `/payment/api/v2/pan-eligibility/send/${ENDPOINT}`;
export const TRANSFER_PATH = `/payment/api/v4/transfer/${ENDPOINT}`;
export const UPDATE_PATH = `/payment/api/v4/update-recurring-payments/${ENDPOINT}`;

/** The JSON error body of a refusal. */
export async function errorOf(
  response: Response,
): Promise<{ code: string; message: string; issues?: { field: string; rule: string; message: string; row?: number }[] }> {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}
