import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/** A fetch handler served by a Node HTTP server on 127.0.0.1. */
export interface Served {
  /** `http://127.0.0.1:PORT` */
  url: string;
  close(): Promise<void>;
}

/** What the server answers when the handler throws or rejects: a runtime's bare 500, as workerd and Deno give one. */
export const HANDLER_THREW = 'the handler threw';

function toRequest(incoming: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody && { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>, duplex: 'half' }),
  } as RequestInit);
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string[]> = {};
  response.headers.forEach((value, name) => {
    (headers[name] ??= []).push(value);
  });
  outgoing.writeHead(response.status, response.statusText, headers);
  if (response.body) for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) outgoing.write(chunk);
  outgoing.end();
}

/**
 * Serves a WinterCG fetch handler over real HTTP on 127.0.0.1 (a free port), translating with
 * plain `node:http` and the global Request, so nothing but the handler itself is under test.
 */
export async function serveFetch(handler: (request: Request) => Promise<Response>): Promise<Served> {
  const server = createServer((incoming, outgoing) => {
    const origin = `http://${incoming.headers.host ?? '127.0.0.1'}`;
    void (async () => {
      let response: Response;
      try {
        response = await handler(toRequest(incoming, origin));
      } catch {
        if (!outgoing.headersSent) outgoing.writeHead(500, { 'Content-Type': 'text/plain' });
        outgoing.end(HANDLER_THREW);
        return;
      }
      try {
        await send(response, outgoing);
      } catch {
        outgoing.destroy();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
