// Issue #22 item 1: the console at GET / over real HTTP: loopback and Host checks like the admin
// API, CSRF on every action, merchant text escaped, card data masked, and the request log's
// diagnosis of refused requests computed by paysign explain's engine.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '../../src/node.js';
import { handSign } from '../independent-signer.js';
import { untilDiagnosed } from './diagnosed.js';

const merchant = { login: 'merchant', controlKey: 'console-key', endpointIds: ['1234'] };
let server: RunningEmulator;

beforeAll(async () => {
  server = await serve({ merchants: [merchant], clock: 'virtual', today: '01.03.2030', log: () => {} });
});
afterAll(async () => {
  await server.close();
});

function send(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers: {
          Host: `127.0.0.1:${server.port}`,
          ...(body !== undefined && { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) }),
          ...headers,
        },
      },
      (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: received, headers: response.headers }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const tokenOf = (html: string): string => /name="csrf" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? '';

describe('the console (GET /)', () => {
  it('is refused under a foreign Host (DNS rebinding), like the admin API', async () => {
    expect((await send('GET', '/', { Host: 'rebind.attacker.example' })).status).toBe(421);
    expect((await send('GET', '/debugger', { Host: `rebind.attacker.example:${server.port}` })).status).toBe(421);
  });

  it('refuses every action without the form token, from another origin, or cross-site; takes it with all three right', async () => {
    const page = await send('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const token = tokenOf(page.text);
    expect(token).toHaveLength(64);
    const own = `http://127.0.0.1:${server.port}`;
    expect((await send('POST', '/console/clock', { Origin: own }, 'advance=1')).status).toBe(403);
    expect((await send('POST', '/console/clock', { Origin: own }, `advance=1&csrf=${'0'.repeat(64)}`)).status).toBe(403);
    const foreign = await send('POST', '/console/clock', { Origin: 'http://evil.example' }, `advance=1&csrf=${token}`);
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain('Origin');
    expect((await send('POST', '/console/clock', { 'Sec-Fetch-Site': 'cross-site' }, `advance=1&csrf=${token}`)).status).toBe(403);
    // None of the refused ones moved the clock.
    expect((await send('GET', '/')).text).toContain('<span id="today">01.03.2030</span>');
    const moved = await send('POST', '/console/clock', { Origin: own, 'Sec-Fetch-Site': 'same-origin' }, `advance=7&csrf=${token}`);
    expect(moved.status).toBe(303);
    expect((await send('GET', '/')).text).toContain('<span id="today">08.03.2030</span>');
    // A month: to the same day of the next calendar month.
    expect((await send('POST', '/console/clock', {}, `advance=month&csrf=${token}`)).status).toBe(303);
    expect((await send('GET', '/')).text).toContain('<span id="today">08.04.2030</span>');
  });

  it('shows a created payment with merchant text escaped, the card masked, its timeline and its stop', async () => {
    const token = tokenOf((await send('GET', '/')).text);
    const fields = new URLSearchParams({
      csrf: token,
      login: 'merchant',
      'recurring-payment-id': 'rp-console',
      amount: '12.50',
      period: 'day',
      interval: '1',
      'start-date': '09.04.2030',
      'max-repeats-number': '2',
      'first-name': '<script>alert(1)</script>',
      'credit-card-number': '4111111111111111',
    });
    const created = await send('POST', '/console/payments', {}, fields.toString());
    expect(created.status).toBe(303);
    expect(created.headers.location).toBe('/?payment=rp-console#payment');
    await send('POST', '/console/clock', {}, `advance=7&csrf=${token}`);
    const page = (await send('GET', '/?payment=rp-console')).text;
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('411111******1111');
    expect(page).not.toContain('4111111111111111');
    expect(page).toContain('<svg');
    // max-repeats-number 2 is the last charge's index (the spec, line 52): indices 0, 1 and 2.
    expect(page.match(/<g class="charge approved">/g)).toHaveLength(3);
    expect(page).toContain('max repeats 2 reached: index 2 was the last charge');
    expect((await send('GET', '/?state=active')).text).not.toContain('data-id="rp-console"');
    expect((await send('GET', '/?state=stop')).text).toContain('data-id="rp-console"');
  });

  it("lists refused requests newest first with paysign explain's cause, masked", async () => {
    const url = `http://127.0.0.1:${server.port}/payment/api/v2/pan-eligibility/send/1234`;
    const params: [string, string][] = [
      ['client-order-id', 'o-1'],
      ['credit-card-number', '4111111111111111'],
    ];
    const wrong = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'not-the-key' }, params);
    const refused = await fetch(url, {
      method: 'POST',
      headers: { Authorization: wrong.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: wrong.body,
    });
    expect(refused.status).toBe(403);
    const stranger = handSign(url, 'stranger', { method: 'HMAC-SHA1', controlKey: 'x' }, params);
    await fetch(url, {
      method: 'POST',
      headers: { Authorization: stranger.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: stranger.body,
    });
    const good = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'console-key' }, params);
    const init = { method: 'POST', headers: { Authorization: good.authorization, 'Content-Type': 'application/x-www-form-urlencoded' }, body: good.body };
    expect((await fetch(url, init)).status).toBe(200);
    expect((await fetch(url, init)).status).toBe(403);
    await untilDiagnosed(`http://127.0.0.1:${server.port}`);
    const log = (await send('GET', '/')).text.split('<section id="requests">')[1] ?? '';
    const order = ['nonce_reused', 'unknown_consumer', 'wrong_key'].map((code) => log.indexOf(`<code>${code}</code>`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(log).toContain('411111******1111');
    expect(log).not.toContain('4111111111111111');
    expect(log).not.toContain('console-key');
    expect(log).not.toContain('not-the-key');
  });
});
