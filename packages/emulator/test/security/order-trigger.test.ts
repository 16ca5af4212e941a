// The order trigger under attack, over real HTTP: it is the admin API's (loopback callers, a
// loopback Host: a DNS-rebound page gets 421), the console's form needs the page's token, and a
// loop of triggers cannot queue an order's callbacks without end (429 past 5 pending).
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningEmulator } from '../../src/node.js';
import { handSign, readReply } from '../independent-signer.js';

let receiver: Server;
let emulator: RunningEmulator;
let orderid: string;

beforeAll(async () => {
  // A receiver that never takes a callback: every delivery stays pending (the retry is an hour away).
  receiver = createServer((_request, response) => response.writeHead(500).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
  emulator = await serve({
    merchants: [{ login: 'merchant', controlKey: 'k', endpointIds: ['1'], callbackUrl }],
    outcomeDelayMs: 600_000,
    callbackBackoffMs: 3_600_000,
    log: () => {},
  });
  const url = `${emulator.url}/payment/api/v2/pan-eligibility/send/1`;
  const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'k' }, [
    ['client-order-id', 'o-1'],
    ['sending-card-ref-id', 'r-1'],
  ]);
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: signed.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: signed.body,
  });
  orderid = readReply(await response.text())['paynet-order-id'] as string;
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

// node:http, because fetch drops a Host header.
function post(path: string, host: string, body: string, contentType: string): Promise<number> {
  const { port } = new URL(emulator.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { Host: host, 'Content-Type': contentType } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('the order trigger', () => {
  it('a DNS-rebound Host gets 421 and changes nothing', async () => {
    expect(
      await post(`/emulator/orders/${orderid}/outcome`, `rebind.attacker.example:${new URL(emulator.url).port}`, '{"outcome":"declined"}', 'application/json'),
    ).toBe(421);
    expect((await (await fetch(`${emulator.url}/emulator/orders/${orderid}`)).json()).status).toBe('processing');
  });

  it("the console's form without the page's token gets 403 and changes nothing", async () => {
    expect(await post('/console/orders/outcome', new URL(emulator.url).host, `orderid=${orderid}&outcome=declined`, 'application/x-www-form-urlencoded')).toBe(
      403,
    );
    expect((await (await fetch(`${emulator.url}/emulator/orders/${orderid}`)).json()).status).toBe('processing');
  });

  it('past 5 callbacks still pending, a further trigger gets 429 and sends nothing', async () => {
    const set = () =>
      fetch(`${emulator.url}/emulator/orders/${orderid}/outcome`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"outcome":"declined"}',
      });
    for (let i = 0; i < 5; i++) expect((await set()).status).toBe(200);
    const refused = await set();
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toContain('5 callbacks of this order are still being delivered');
    expect((await (await fetch(`${emulator.url}/emulator/orders/${orderid}`)).json()).callbacks).toHaveLength(5);
  });
});
