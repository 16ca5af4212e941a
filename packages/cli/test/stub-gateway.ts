import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stub received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server standing in for the gateway: it records each request and answers with
 * `status` and an empty body, or never answers when `status` is `'hang'` (a hung gateway).
 */
export async function stubGateway(
  status: number | 'hang',
): Promise<{ url: string; received: ReceivedRequest[]; nextRequest(): Promise<ReceivedRequest>; close(): Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const waiting: ((request: ReceivedRequest) => void)[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      for (const resolve of waiting.splice(0)) resolve(request);
      if (status !== 'hang') res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    nextRequest: () => new Promise((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
