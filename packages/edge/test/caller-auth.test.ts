import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signCallerRequest } from '@paysign/edge';
import { CALLER_HMAC_SECRET, errorOf, harness, PAN_PATH, PROXY } from './helpers.js';

const body = new URLSearchParams({ 'client-order-id': 'order-1', 'sending-card-ref-id': 'ref-9' }).toString();
const url = `${PROXY}${PAN_PATH}`;
const NOW = 1_750_000_000;

function signedRequest(headers: Record<string, string>, overrides: { url?: string; body?: string } = {}): Request {
  return new Request(overrides.url ?? url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: overrides.body ?? body,
  });
}

describe('callers signed with signCallerRequest (HMAC-SHA256 over the request, with a timestamp)', () => {
  it('MACs "paysign-edge-v1\\n<timestamp>\\n<METHOD>\\n<path?query>\\n<body>", checked with node:crypto', async () => {
    const headers = await signCallerRequest({ secret: CALLER_HMAC_SECRET, url: `${url}?x=1`, body, timestamp: NOW });
    const expected = createHmac('sha256', CALLER_HMAC_SECRET).update(`paysign-edge-v1\n${NOW}\nPOST\n${PAN_PATH}?x=1\n${body}`).digest('hex');
    expect(headers).toEqual({ 'Paysign-Timestamp': String(NOW), 'Paysign-Signature': expected });
  });

  it('is accepted once, and a replay of the same signed request is refused', async () => {
    const { proxy, upstream } = harness({ now: () => NOW }, async () => new Response('ok'));
    const headers = await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body, timestamp: NOW });
    expect((await proxy.fetch(signedRequest(headers))).status).toBe(200);
    const replay = await proxy.fetch(signedRequest(headers));
    expect(replay.status).toBe(401);
    expect((await errorOf(replay)).message).toBe('this signed request was already used');
    expect(upstream).toHaveLength(1);
  });

  it('is remembered in the given store until ts + window + 1 (exclusive), under one scope whichever secret, at whichever position, verified it', async () => {
    const calls: [string, number, string | undefined][] = [];
    const nonceStore = { remember: (key: string, expiresAt: number, scope?: string) => (calls.push([key, expiresAt, scope]), true) };
    const next = 'caller-hmac-SECRET-next-rotation-4a6b8c0d2e';
    // During a rotation: one proxy knows both secrets ("OLD,NEW"), another the new one only ("NEW").
    const rotating = harness(
      { now: () => NOW, callers: { hmacSecrets: [CALLER_HMAC_SECRET, next], hmacWindowSeconds: 60, nonceStore } },
      async () => new Response('ok'),
    );
    const rotated = harness({ now: () => NOW, callers: { hmacSecrets: [next], hmacWindowSeconds: 60, nonceStore } }, async () => new Response('ok'));
    const old = await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body, timestamp: NOW - 8 });
    const headers = await signCallerRequest({ secret: next, url, body, timestamp: NOW - 7 });
    expect((await rotating.proxy.fetch(signedRequest(old))).status).toBe(200);
    expect((await rotating.proxy.fetch(signedRequest(headers))).status).toBe(200);
    expect((await rotated.proxy.fetch(signedRequest(headers))).status).toBe(200);
    const expiry = NOW - 7 + 60 + 1;
    expect(calls).toEqual([
      [old['Paysign-Signature'], expiry - 1, 'caller-hmac'],
      [headers['Paysign-Signature'], expiry, 'caller-hmac'],
      [headers['Paysign-Signature'], expiry, 'caller-hmac'],
    ]);
  });

  it('is refused with 503 REPLAY_STORE_UNAVAILABLE, and not forwarded, when the store fails (fail closed)', async () => {
    const nonceStore = { remember: async (): Promise<boolean> => Promise.reject(new Error('store down')) };
    const { proxy, upstream } = harness({ now: () => NOW, callers: { hmacSecrets: [CALLER_HMAC_SECRET], nonceStore } }, async () => new Response('ok'));
    const response = await proxy.fetch(signedRequest(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body, timestamp: NOW })));
    expect([response.status, response.headers.get('retry-after')]).toEqual([503, '1']);
    expect(await errorOf(response)).toEqual({
      code: 'REPLAY_STORE_UNAVAILABLE',
      message: 'the replay store did not answer; the request was not forwarded, retry shortly',
    });
    expect(upstream).toHaveLength(0);
  });

  it('is refused outside the timestamp window, on either side', async () => {
    const { proxy } = harness({ now: () => NOW, callers: { hmacSecrets: [CALLER_HMAC_SECRET], hmacWindowSeconds: 60 } });
    for (const timestamp of [NOW - 61, NOW + 61]) {
      const response = await proxy.fetch(signedRequest(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body, timestamp })));
      expect(response.status).toBe(401);
      expect((await errorOf(response)).message).toBe("Paysign-Timestamp is more than 60 s from the proxy's clock");
    }
  });

  it('is refused when the secret differs, or the headers are malformed', async () => {
    const { proxy } = harness({ now: () => NOW });
    const other = await signCallerRequest({ secret: `${CALLER_HMAC_SECRET}x`, url, body, timestamp: NOW });
    expect((await errorOf(await proxy.fetch(signedRequest(other)))).message).toBe('Paysign-Signature does not match the request');
    const good = await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body, timestamp: NOW });
    const cases: [Record<string, string>, string][] = [
      [{ 'Paysign-Signature': good['Paysign-Signature']! }, 'Paysign-Timestamp must be the Unix time in whole seconds'],
      [{ ...good, 'Paysign-Timestamp': `${NOW}.5` }, 'Paysign-Timestamp must be the Unix time in whole seconds'],
      [{ ...good, 'Paysign-Signature': good['Paysign-Signature']!.slice(2) }, 'Paysign-Signature must be 64 hex digits (HMAC-SHA256)'],
    ];
    for (const [headers, message] of cases) expect(await errorOf(await proxy.fetch(signedRequest(headers)))).toEqual({ code: 'UNAUTHENTICATED', message });
  });

  it('accepts any of several secrets (rotation), and uppercase hex', async () => {
    const next = 'caller-hmac-SECRET-next-rotation-4a6b8c0d2e';
    const { proxy } = harness({ now: () => NOW, callers: { hmacSecrets: [CALLER_HMAC_SECRET, next] } }, async () => new Response('ok'));
    const headers = await signCallerRequest({ secret: next, url, body, timestamp: NOW });
    expect((await proxy.fetch(signedRequest({ ...headers, 'Paysign-Signature': headers['Paysign-Signature']!.toUpperCase() }))).status).toBe(200);
  });

  it('is refused when only bearer tokens are configured, even when well signed', async () => {
    const { proxy } = harness({ now: () => NOW, callers: { bearerTokens: ['b'.repeat(32)] } });
    const response = await proxy.fetch(signedRequest(await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body, timestamp: NOW })));
    expect(await errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', message: 'authentication required: send Authorization: Bearer <token>' });
  });

  it('property: any change to the signed path, query or body after signing is refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 0, maxLength: 40 }),
        fc.constantFrom('path', 'query', 'body'),
        fc.string({ minLength: 1, maxLength: 8 }),
        async (value, part, extra) => {
          const { proxy, upstream } = harness({ now: () => NOW }, async () => new Response('ok'));
          const original = `sending-card-ref-id=r&client-order-id=${encodeURIComponent(value)}`;
          const headers = await signCallerRequest({ secret: CALLER_HMAC_SECRET, url, body: original, timestamp: NOW });
          const changed =
            part === 'body'
              ? { body: `${original}${encodeURIComponent(extra)}` }
              : part === 'query'
                ? { url: `${url}?oauth_x=${encodeURIComponent(extra)}` }
                : { url: `${url}x${encodeURIComponent(extra)}` };
          const response = await proxy.fetch(signedRequest(headers, { body: original, ...changed }));
          expect(response.status).toBe(401);
          expect(upstream).toHaveLength(0);
        },
      ),
      { numRuns: 100 },
    );
  });
});
