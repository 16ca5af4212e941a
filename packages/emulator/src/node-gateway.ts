import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { readCappedIncoming } from '@paysign/protocol/io';
import type { GatewayEndpoint } from './request/gateway-endpoint.js';
import type { GatewayReply, GatewayRequest } from './request/gateway-request.js';

/** Most bytes of an unread body discarded after the reply before the connection is closed instead. */
const MAX_DISCARDED_BYTES = 1024 * 1024;

/**
 * The Node server's listener: a request to a gateway path is answered from the `IncomingMessage`
 * itself, by the emulator's gateway endpoint (the same checks, operations, request log and
 * `--state` commit as its `fetch`), without building a `Request` or a `Response`; everything else
 * (the console, the debugger, the admin API, and a request whose target or `Host` needs the
 * adapter's own reading) goes to `fallback`, `@hono/node-server`'s listener over `fetch`.
 */
export function gatewayListener(endpoint: GatewayEndpoint, fallback: RequestListener): RequestListener {
  return (incoming, outgoing) => {
    const url = simpleUrl(incoming);
    if (url === undefined || !endpoint.handles(url.pathname)) return fallback(incoming, outgoing);
    const request = gatewayRequest(incoming, url.href);
    outgoing.once('finish', () => {
      if (!incoming.complete) discardRest(incoming);
    });
    endpoint.answer(request).then(
      (reply) => writeReply(outgoing, reply),
      () => writeReply(outgoing, { status: 500, headers: { 'Content-Length': '0', Connection: 'close' }, body: '' }),
    );
  };
}

// The URL of a request whose target is a path and whose Host is a plain host[:port]: the one the
// adapter would read too. Anything else (an absolute-form target, a backslash, no Host, a Host the
// URL parser changes) is left to the adapter, which answers it as it always has.
function simpleUrl(incoming: IncomingMessage): URL | undefined {
  const target = incoming.url ?? '';
  const host = incoming.headers.host;
  if (host === undefined || target.charCodeAt(0) !== 47 || target.includes('\\')) return undefined;
  try {
    const url = new URL(`${'encrypted' in incoming.socket && incoming.socket.encrypted ? 'https' : 'http'}://${host}${target}`);
    return url.host === host ? url : undefined;
  } catch {
    return undefined;
  }
}

function gatewayRequest(incoming: IncomingMessage, url: string): GatewayRequest {
  let distinct: NodeJS.Dict<string[]> | undefined;
  // As a fetch `Headers` reads them: repeated fields joined with ", ".
  const header = (name: string): string | null => (distinct ??= incoming.headersDistinct)[name]?.join(', ') ?? null;
  return {
    method: incoming.method ?? 'GET',
    url,
    header,
    *headers() {
      for (const name of Object.keys((distinct ??= incoming.headersDistinct))) yield [name, header(name) as string] as const;
    },
    readBody: (maxBytes) =>
      readCappedIncoming(incoming, header('content-length') ?? undefined, maxBytes, (error) => error ?? new Error('Client connection prematurely closed.')),
  };
}

function writeReply(outgoing: ServerResponse, reply: GatewayReply): void {
  if (outgoing.headersSent) return void outgoing.destroy();
  const headers = reply.body === '' ? reply.headers : { ...reply.headers, 'Content-Length': String(Buffer.byteLength(reply.body)) };
  outgoing.writeHead(reply.status, headers).end(reply.body);
}

// A body left unread (refused before it was read, or cut at its cap) after a reply that keeps the
// connection: Node discards it; past a cap the connection is closed instead of read on.
function discardRest(incoming: IncomingMessage): void {
  let discarded = 0;
  incoming.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) incoming.socket.destroy();
  });
  incoming.resume();
}
