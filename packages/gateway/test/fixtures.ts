import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The valid payment every rule test starts from: one copy, shared with spec's tests (integration/fixtures).
export { TEST_PAN, validFields, validPayment } from '@paysign/test-fixtures';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (request: SeenRequest, response: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 that records every request and answers with `handler`. */
export async function startServer(handler: Handler): Promise<{ url: string; seen: SeenRequest[]; close: () => Promise<void>; server: Server }> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads an x-www-form-urlencoded body by hand: split on & and =, %XX decoded, no + rule needed (RFC 3986 bodies). */
export function readBody(body: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of body.split('&')) {
    const eq = pair.indexOf('=');
    params.set(decodeURIComponent(pair.slice(0, eq)), decodeURIComponent(pair.slice(eq + 1)));
  }
  return params;
}

/** Reads an `Authorization: OAuth ...` header by hand. */
export function readAuthorization(header: string | undefined): Map<string, string> {
  const params = new Map<string, string>();
  if (header === undefined || !header.startsWith('OAuth ')) return params;
  for (const part of header.slice(6).split(',')) {
    const match = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part);
    if (match !== null) params.set(match[1] as string, decodeURIComponent(match[2] as string));
  }
  return params;
}

/** RFC 3986 percent-encoding, written independently of oauth-core (RFC 5849 §3.6). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The RFC 5849 §3.4.1 base string, built by hand from a URL and every signed parameter. */
export function handBaseString(url: string, params: Iterable<readonly [string, string]>): string {
  const pairs = [...params].map(([name, value]) => [rfc3986(name), rfc3986(value)] as const);
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return ['POST', rfc3986(url), rfc3986(pairs.map(([name, value]) => `${name}=${value}`).join('&'))].join('&');
}
