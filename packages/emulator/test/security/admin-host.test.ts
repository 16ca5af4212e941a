// Issue #19, low item: the admin API was open to DNS rebinding. A page on rebind.attacker.example,
// its name made to resolve to 127.0.0.1, reaches the loopback socket, but its requests carry its own
// Host. Only loopback names with the emulator's port (or publicOrigin's host) are answered, before any action.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '@paysign/emulator/node';

const merchant = { login: 'merchant', controlKey: 'host-check-key', endpointIds: ['1234'] };
let server: RunningEmulator;
let proxied: RunningEmulator;

beforeAll(async () => {
  const common = { merchants: [merchant], clock: 'virtual', today: '01.03.2030', log: () => {} } as const;
  server = await serve({ ...common, profiles: [{ 'recurring-payment-id': 'rp-1', 'credit-card-number': '4111111111111111' }] });
  proxied = await serve({ ...common, publicOrigin: 'https://sandbox.example' });
});
afterAll(async () => {
  await server.close();
  await proxied.close();
});

/** One request over a real loopback socket to `target`, with the `Host` header given (as a rebound browser sends it). */
function send(target: RunningEmulator, method: 'GET' | 'POST', path: string, host: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method,
        path,
        headers: { Host: host, ...(text !== undefined && { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }) },
      },
      (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: received }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

const today = async (target: RunningEmulator) => (await (await fetch(`${target.url}/emulator/clock`)).json()).today as string;

describe('admin API: the Host check against DNS rebinding (over HTTP)', () => {
  const foreign = (port: number) => [
    `rebind.attacker.example:${port}`,
    'rebind.attacker.example',
    `localhost.attacker.example:${port}`,
    `127.0.0.1.nip.io:${port}`,
    `localhost:${port + 1}`,
    '127.0.0.1',
    `[::2]:${port}`,
  ];

  it('refuses every other Host with 421 before moving the clock, creating or showing a payment', async () => {
    for (const host of foreign(server.port)) {
      const moved = await send(server, 'POST', '/emulator/clock', host, { advanceDays: 1 });
      expect([host, moved.status]).toEqual([host, 421]);
      const created = await send(server, 'POST', '/emulator/recurring-payments', host, { 'recurring-payment-id': 'rp-rebound' });
      expect([host, created.status]).toEqual([host, 421]);
      for (const path of ['/emulator/recurring-payments/rp-1', '/payment/emulator/recurring-payments/rp-1', '/emulator/clock']) {
        const read = await send(server, 'GET', path, host);
        expect([host, path, read.status]).toEqual([host, path, 421]);
        expect(read.text).not.toContain('411111');
      }
    }
    // A Host that is no host at all is refused by the HTTP server before the emulator sees it.
    expect((await send(server, 'POST', '/emulator/clock', `localhost:${server.port}@attacker.example`, { advanceDays: 1 })).status).toBe(400);
    expect(await today(server)).toBe('01.03.2030');
    expect(await server.emulator.profiles.get('rp-rebound')).toBeUndefined();
  });

  it('answers localhost, 127.0.0.1 and [::1] with the emulator port, in any case', async () => {
    for (const host of [`localhost:${server.port}`, `LocalHost:${server.port}`, `127.0.0.1:${server.port}`, `[::1]:${server.port}`]) {
      expect([host, (await send(server, 'GET', '/emulator/recurring-payments/rp-1', host)).status]).toEqual([host, 200]);
    }
    expect((await send(server, 'POST', '/emulator/clock', `localhost:${server.port}`, { advanceDays: 1 })).status).toBe(200);
    expect(await today(server)).toBe('02.03.2030');
  });

  it("answers publicOrigin's host when one is configured, and still loopback names", async () => {
    expect((await send(proxied, 'POST', '/emulator/clock', 'sandbox.example', { advanceDays: 1 })).status).toBe(200);
    expect((await send(proxied, 'POST', '/emulator/clock', 'rebind.attacker.example', { advanceDays: 1 })).status).toBe(421);
    expect((await send(proxied, 'GET', '/emulator/clock', `127.0.0.1:${proxied.port}`)).status).toBe(200);
    expect(await today(proxied)).toBe('02.03.2030');
  });
});
