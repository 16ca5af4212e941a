// toNodeListener under attack, over real node:http: a body larger than the cap is refused in
// bytes before it is buffered (declared or streamed), a body the handler does not read is never
// waited for, a body another middleware already read is refused rather than passed on empty, a
// hostile Host header or request target never reaches the handler as another origin, and a client
// that goes away aborts the handler's request.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toNodeListener, type FetchHandler } from '../../src/node.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function listen(listener: (request: IncomingMessage, response: ServerResponse) => void): Promise<number> {
  server = createServer(listener);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends raw bytes and resolves to the reply's text (the connection's whole output). */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (chunk) => (out += chunk));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

describe('toNodeListener refuses what it must not buffer or pass on', () => {
  it('a declared Content-Length past maxBodyBytes: 413 and the connection closed, before a byte of the body is read', async () => {
    let called = 0;
    const port = await listen(toNodeListener(() => (called++, new Response('ok')), { maxBodyBytes: 1024 }));
    // 10 MB declared, none sent: a listener that waited to read it would hang; this one answers at once.
    const reply = await rawExchange(port, 'POST /cb HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000000\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply.toLowerCase()).toContain('connection: close');
    expect(called).toBe(0);
  });

  it("a chunked body that grows past maxBodyBytes: 413 as soon as it does, the handler's read refused, the rest never read", async () => {
    const reads: string[] = [];
    const port = await listen(
      toNodeListener(
        async (request) => {
          await request.text().then(
            (text) => reads.push(`read ${text.length}`),
            () => reads.push('refused'),
          );
          return new Response('ok');
        },
        { maxBodyBytes: 1024 },
      ),
    );
    const chunk = 'x'.repeat(800);
    // Two chunks (1,600 bytes) and no terminating chunk: the 413 cannot wait for the body's end.
    const reply = await rawExchange(
      port,
      `POST /cb HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n${(800).toString(16)}\r\n${chunk}\r\n${(800).toString(16)}\r\n${chunk}\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply.toLowerCase()).toContain('connection: close');
    expect(reply).not.toContain('ok');
    expect(reads).toEqual(['refused']);
  });

  it('a handler that answers without reading the body is not kept waiting for it: a POST declaring 1 MB and sending none gets its 405 at once', async () => {
    const port = await listen(toNodeListener((request) => new Response(`${request.method} not allowed`, { status: 405 })));
    const started = performance.now();
    // 1,000,000 bytes declared, under the 1 MiB default cap, and not one sent: a listener that read
    // the body first would wait until the socket's timeout (5 s here).
    const reply = await rawExchange(port, 'POST /cb HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 405 /);
    expect(reply.toLowerCase()).toContain('connection: close');
    expect(reply).toContain('POST not allowed');
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('a body read by the handler arrives byte for byte, binary included, with the connection kept', async () => {
    const seen: Uint8Array[] = [];
    const port = await listen(
      toNodeListener(async (request) => {
        seen.push(new Uint8Array(await request.arrayBuffer()));
        return new Response('ok');
      }),
    );
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256);
    const reply = await fetch(`http://127.0.0.1:${port}/cb`, { method: 'POST', body: bytes });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('connection')).not.toBe('close');
    expect(seen[0]).toEqual(bytes);
  });

  it('a body a middleware already read: 500 saying so, never passed on as empty', async () => {
    const seen: string[] = [];
    const listener = toNodeListener(async (request) => (seen.push(await request.text()), new Response('ok')));
    const port = await listen((request, response) => {
      request.resume();
      request.on('end', () => listener(request, response));
    });
    const reply = await fetch(`http://127.0.0.1:${port}/cb`, { method: 'POST', body: 'status=approved' });
    expect(reply.status).toBe(500);
    expect(await reply.text()).toContain('already read by another middleware');
    expect(seen).toEqual([]);
  });

  it('a hostile Host header or an absolute-form target does not change the path and query the handler sees', async () => {
    const seen: string[] = [];
    const handler: FetchHandler = (request) => (seen.push(`${new URL(request.url).pathname}${new URL(request.url).search}`), new Response('ok'));
    const port = await listen(toNodeListener(handler));
    await rawExchange(port, 'GET /cb?control=abc HTTP/1.1\r\nHost: evil.example/other?x=\r\nConnection: close\r\n\r\n');
    const absolute = await rawExchange(port, 'GET http://evil.example/other HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(seen).toEqual(['/cb?control=abc']);
    expect(absolute).toMatch(/^HTTP\/1\.1 400 /);
  });

  it("a client that goes away aborts the handler's request signal", async () => {
    let aborted: Promise<boolean> | undefined;
    const port = await listen(
      toNodeListener(
        (request) =>
          new Promise<Response>((resolve) => {
            aborted = new Promise((done) => request.signal.addEventListener('abort', () => done(true)));
            setTimeout(() => resolve(new Response('late')), 2_000);
          }),
      ),
    );
    const request = httpRequest({ host: '127.0.0.1', port, path: '/cb' });
    request.on('error', () => {});
    request.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    request.destroy();
    expect(await aborted).toBe(true);
  });
});
