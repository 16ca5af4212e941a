// Serves a fetch handler over real HTTP with node:http on 127.0.0.1, and records what arrived on
// the wire (the raw header lines, so a doubled header shows): the oauth-core tests' HTTP server.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it came over the socket. */
export interface Arrived {
  method: string;
  /** The request-target as sent (`/initiate?x=1`). */
  target: string;
  /** Header names (lowercase) and values, in order, duplicates kept. */
  headers: [string, string][];
  body: Buffer;
}

export interface ServedHandler {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  arrived: Arrived[];
  close(): Promise<void>;
}

async function read(message: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a server on a port the kernel picks (bound at once, so no other process can take it first). */
export async function serveHandler(handle: (request: Request) => Promise<Response>): Promise<ServedHandler> {
  const arrived: Arrived[] = [];
  const server = createServer(async (message, reply) => {
    const body = await read(message);
    const headers: [string, string][] = [];
    for (let i = 0; i < message.rawHeaders.length; i += 2) headers.push([message.rawHeaders[i]!.toLowerCase(), message.rawHeaders[i + 1]!]);
    arrived.push({ method: message.method ?? '', target: message.url ?? '', headers, body });
    const init: RequestInit = { method: message.method ?? 'GET', headers };
    if (body.length > 0 || !['GET', 'HEAD'].includes(init.method as string)) init.body = body.length > 0 ? new Uint8Array(body) : null;
    try {
      const response = await handle(new Request(`http://${message.headers.host}${message.url}`, init));
      reply.writeHead(response.status, [...response.headers].flat());
      reply.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      reply.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    arrived,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
