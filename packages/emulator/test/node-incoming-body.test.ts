// The Node server's request bodies are read straight from the IncomingMessage (withIncomingBody):
// over real HTTP behind @hono/node-server, a body arriving in pieces is read whole, a body over
// the cap is cut off with the socket paused (the sender is held back, the reply still written),
// and the adapter's environment reaches the handler unchanged (the admin guards read it).
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { readCappedBytes } from '@paysign/protocol/io';
import { afterEach, describe, expect, it } from 'vitest';
import { withIncomingBody } from '../src/node-incoming-body.js';

const CAP = 1024 * 1024;
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A real node:http server with the emulator's bridge around `handler`. */
async function listen(handler: (request: Request, env: { incoming: IncomingMessage }) => Promise<Response>): Promise<number> {
  server = createServer(getRequestListener(withIncomingBody(handler) as Parameters<typeof getRequestListener>[0]));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server!.address() as AddressInfo).port;
}

/** Reads the body with the emulator's capped reader and says what it got. */
const capped = async (request: Request) => {
  const bytes = await readCappedBytes(request, CAP);
  return new Response(bytes === undefined ? 'over the cap' : Buffer.from(bytes).toString('utf8'), { status: bytes === undefined ? 413 : 200 });
};

function send(port: number, method: string, write: (req: ReturnType<typeof httpRequest>) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: '/payment/api/v2/transfer/1' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    write(req);
  });
}

describe('withIncomingBody: request bodies read from the IncomingMessage', () => {
  it('a body sent in pieces, with pauses between them, is read whole and in order', async () => {
    const port = await listen(capped);
    const pieces = ['login=merchant&', 'amount=10.00&', 'name=J%C3%BCrgen'];
    const reply = await send(port, 'POST', async (req) => {
      req.setHeader('Content-Type', 'application/x-www-form-urlencoded');
      for (const piece of pieces) {
        req.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      req.end();
    });
    expect(reply).toEqual({ status: 200, body: pieces.join('') });
  });

  it('a body over the cap is cut off: the sender is held back before it has sent it all, and the reply is written', async () => {
    const port = await listen(capped);
    const total = 64 * 1024 * 1024;
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const reply = await send(port, 'POST', (req) => {
      const pump = () => {
        while (sent < total && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      req.on('error', () => {});
      pump();
    });
    expect(reply).toEqual({ status: 413, body: 'over the cap' });
    expect(sent).toBeLessThan(total);
  });

  it('a GET has no body stream of its own, and the environment reaches the handler unchanged', async () => {
    const port = await listen(
      async (request, env) => new Response(`${request.body === null} ${env.incoming.socket.remoteAddress} ${env.incoming.socket.localPort}`),
    );
    const reply = await send(port, 'GET', (req) => req.end());
    expect(reply).toEqual({ status: 200, body: `true 127.0.0.1 ${port}` });
  });

  it('an empty POST reads as zero bytes', async () => {
    const port = await listen(capped);
    expect(await send(port, 'POST', (req) => req.end())).toEqual({ status: 200, body: '' });
  });
});
