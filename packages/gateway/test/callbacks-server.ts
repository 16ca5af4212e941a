import { startServer } from './fixtures.js';

/** A real HTTP server on 127.0.0.1 in front of a fetch handler, as a merchant runs one behind Node. */
export async function serveHandler(handler: (request: Request) => Promise<Response>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await startServer((seen, response) => {
    void handler(new Request(`http://127.0.0.1${seen.path}`, { method: seen.method })).then(async (reply) => {
      response.writeHead(reply.status, Object.fromEntries(reply.headers)).end(await reply.text());
    });
  });
  return { url: server.url, close: server.close };
}

/** Sends a callback as the gateway does (GET, parameters in the query); the answer's status and body. */
export async function deliver(base: string, params: Readonly<Record<string, string>>): Promise<{ status: number; body: string }> {
  const response = await fetch(`${base}/callbacks?${new URLSearchParams(params)}`);
  return { status: response.status, body: await response.text() };
}
