import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { start, stop } from '../listen-process.js';
import { paysign } from '../run-cli.js';

// `paysign callbacks listen --forward-to` attacked with the app down, slow, answering 500 or a
// redirect (issue 35): the sender always gets what the app answered (or 502/504 so it retries),
// a redirect is never followed, a copy never reaches the app while its first delivery is in
// flight, and every delivery the sender retries reaches the app: nothing is lost.

const GOOD =
  'status=approved&orderid=1234567&merchant_order=hf-abc&client_orderid=hf-abc&type=sale&amount=10.00&control=652ace404c4dfe8bba069ecee594ec23a89340e1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function app(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ server: Server; url: string; received: string[] }> {
  const received: string[] = [];
  const server = createServer((request, response) => {
    received.push(request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks`, received };
}
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
const listen = (forwardTo: string) => start(['callbacks', 'listen', '--control-key', 'test-merchant-control', '--forward-to', forwardTo]);

describe('callbacks listen --forward-to under attack (issue 35)', () => {
  it('the app down, then up: the sender gets 502 and its retry is delivered once the app is back', async () => {
    let up: Awaited<ReturnType<typeof app>> | undefined = await app((_, response) => response.writeHead(200).end());
    const port = Number(new URL(up.url).port);
    await close(up.server);
    const { child, base } = await listen(up.url);
    try {
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(502);
      const received: string[] = [];
      const server = createServer((request, response) => {
        received.push(request.url ?? '');
        response.writeHead(200).end();
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      up = { server, url: up.url, received };
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(200);
      expect(received).toEqual([`/callbacks?${GOOD}`]);
    } finally {
      expect(await stop(child)).toBe(0);
      if (up) await close(up.server);
    }
  });

  it('a slow app: the sender waits for its answer; a copy while it is in flight gets 503 and never reaches the app; the next delivery is forwarded', async () => {
    const local = await app((_, response) => void setTimeout(() => response.writeHead(201).end(), 2_000));
    const { child, base } = await listen(local.url);
    try {
      const first = fetch(`${base}/cb?${GOOD}`);
      while (local.received.length === 0) await sleep(10);
      const copy = await fetch(`${base}/cb?${GOOD}`);
      expect([copy.status, await copy.text()]).toEqual([503, 'this callback is being handled; retry later']);
      expect((await first).status).toBe(201);
      expect(local.received).toHaveLength(1);
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(201);
      expect(local.received).toHaveLength(2);
    } finally {
      expect(await stop(child)).toBe(0);
      await close(local.server);
    }
  });

  it('an app that never answers: 504 after 10 s, and the retry is forwarded again (it was never taken)', async () => {
    let hang = true;
    const local = await app((_, response) => {
      if (!hang) response.writeHead(200).end();
    });
    const { child, base, stderr } = await listen(local.url);
    try {
      const started = Date.now();
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(504);
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_900);
      expect(stderr()).toContain('no answer in 10000 ms');
      hang = false;
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(200);
      expect(local.received).toHaveLength(2);
    } finally {
      expect(await stop(child)).toBe(0);
      await close(local.server);
    }
  }, 30_000);

  it('an app answering 500, then 200: the sender gets 500, then 200; both deliveries reached the app', async () => {
    let status = 500;
    const local = await app((_, response) => response.writeHead(status).end('app body'));
    const { child, base } = await listen(local.url);
    try {
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(500);
      status = 200;
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(200);
      expect(local.received).toEqual([`/callbacks?${GOOD}`, `/callbacks?${GOOD}`]);
    } finally {
      expect(await stop(child)).toBe(0);
      await close(local.server);
    }
  });

  it('every redirect (301, 302, 303, 307, 308) gives 502 and is never followed, neither by listen nor by the sender', async () => {
    let status = 301;
    const elsewhere = await app((_, response) => response.writeHead(200).end());
    const local = await app((_, response) => response.writeHead(status, { Location: `${elsewhere.url}/stolen` }).end());
    const { child, base } = await listen(local.url);
    try {
      for (const code of [301, 302, 303, 307, 308]) {
        status = code;
        const answer = await fetch(`${base}/cb?${GOOD}`, { redirect: 'manual' });
        expect([answer.status, answer.headers.get('location')]).toEqual([502, null]);
      }
      expect(elsewhere.received).toEqual([]);
      expect(local.received).toHaveLength(5);
    } finally {
      expect(await stop(child)).toBe(0);
      await Promise.all([close(local.server), close(elsewhere.server)]);
    }
  });

  it('a --forward-to URL holding a user or password is refused at start (exit 2), the password never printed; fetch would refuse every delivery, quoting it', () => {
    for (const target of ['http://user:s3cret-pass@127.0.0.1:3000/callbacks', 'http://s3cret-pass@127.0.0.1:3000/callbacks']) {
      const result = paysign(['callbacks', 'listen', '--forward-to', target], { PAYSIGN_CONTROL_KEY: 'test-merchant-control' });
      expect([result.code, result.stdout]).toEqual([2, '']);
      expect(result.stderr).toContain('--forward-to takes no user or password');
      expect(result.stderr).not.toContain('s3cret-pass');
    }
  });
});
