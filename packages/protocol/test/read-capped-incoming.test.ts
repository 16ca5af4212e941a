// readCappedIncoming over real node:http: a body in pieces read whole, a declared length over the
// cap refused before any byte is read, a chunked body cut at the cap with the socket paused (the
// sender held back), and a connection closed before the body ends rejected.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readCappedIncoming } from '@paysign/protocol/io';
import { afterEach, describe, expect, it } from 'vitest';

const CAP = 64 * 1024;
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function listen(seen: (result: { bytes?: Uint8Array; over?: true; error?: unknown; buffered: number }) => void): Promise<number> {
  server = createServer((incoming: IncomingMessage, outgoing) => {
    readCappedIncoming(incoming, incoming.headers['content-length'], CAP, (error) => error ?? new Error('closed early')).then(
      (bytes) => {
        seen(bytes === undefined ? { over: true, buffered: incoming.readableLength } : { bytes, buffered: 0 });
        outgoing.writeHead(bytes === undefined ? 413 : 200, { Connection: 'close' }).end(bytes === undefined ? '' : String(bytes.length));
      },
      (error) => seen({ error, buffered: 0 }),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server!.address() as AddressInfo).port;
}

function post(port: number, headers: Record<string, string>, write: (req: ReturnType<typeof httpRequest>) => void): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    write(req);
  });
}

describe('readCappedIncoming', () => {
  it('reads a body sent in pieces whole and in order', async () => {
    let got: Uint8Array | undefined;
    const port = await listen((result) => (got = result.bytes));
    const status = await post(port, {}, async (req) => {
      for (const piece of ['a=1&', 'b=2&', 'c=J%C3%BCrgen']) {
        req.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      req.end();
    });
    expect(status).toBe(200);
    expect(Buffer.from(got!).toString('utf8')).toBe('a=1&b=2&c=J%C3%BCrgen');
  });

  it('refuses a declared Content-Length over the cap without reading a byte', async () => {
    let result: { over?: true } | undefined;
    const port = await listen((seen) => (result = seen));
    const status = await post(port, { 'Content-Length': String(CAP + 1) }, (req) => req.write('x'.repeat(100)));
    expect(status).toBe(413);
    expect(result?.over).toBe(true);
  });

  it('cuts a chunked body at the cap: over it, with no more than the cap and a chunk buffered', async () => {
    let result: { over?: true; buffered: number } | undefined;
    const port = await listen((seen) => (result = seen));
    const status = await post(port, { 'Transfer-Encoding': 'chunked' }, (req) => {
      for (let i = 0; i < 64; i++) req.write('y'.repeat(16 * 1024));
    });
    expect(status).toBe(413);
    expect(result?.over).toBe(true);
    expect(result!.buffered).toBeLessThan(CAP);
  });

  it('rejects with the failure when the connection closes before the body ends', async () => {
    let error: unknown;
    const port = await listen((seen) => (error = seen.error));
    await post(port, { 'Content-Length': '1000' }, (req) => {
      req.write('z'.repeat(10));
      setTimeout(() => req.destroy(), 50);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(error).toBeInstanceOf(Error); // the socket's 'aborted', passed through failure()
  });
});
