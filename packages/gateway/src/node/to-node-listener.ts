import { isPositiveWholeNumber } from '@paysign/protocol';
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A fetch-style handler, such as the one `createCallbackHandler` returns.
 *
 * @example
 * ```ts
 * import type { FetchHandler } from '@paysign/gateway/node';
 *
 * const handler: FetchHandler = createCallbackHandler({ controlKey, findOrder, onCallback });
 * ```
 */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * What {@link toNodeListener} reads of a node:http `IncomingMessage` (Express's, Fastify's
 * `request.raw` and Koa's `ctx.req` are ones), written out so that these declarations need no
 * `@types/node`.
 *
 * @example
 * ```ts
 * import type { NodeIncomingRequest } from '@paysign/gateway/node';
 *
 * const request: NodeIncomingRequest = incomingMessage; // from createServer((req, res) => ...)
 * ```
 */
export interface NodeIncomingRequest extends AsyncIterable<Uint8Array> {
  readonly method?: string | undefined;
  /** The request target, path and query as sent. */
  readonly url?: string | undefined;
  /** Express: the target before a mounted router shortened `url`. */
  readonly originalUrl?: string | undefined;
  /** Header names and values as received, alternating. */
  readonly rawHeaders: readonly string[];
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Whether the body was read to its end already (by a body parser). */
  readonly readableEnded: boolean;
}

/**
 * What {@link toNodeListener} uses of a node:http `ServerResponse`, written out so that these
 * declarations need no `@types/node`.
 *
 * @example
 * ```ts
 * import type { NodeServerResponse } from '@paysign/gateway/node';
 *
 * const response: NodeServerResponse = serverResponse; // from createServer((req, res) => ...)
 * ```
 */
export interface NodeServerResponse {
  readonly headersSent: boolean;
  readonly writableFinished: boolean;
  writeHead(status: number, headers: Record<string, string | string[] | number>): unknown;
  writeHead(status: number, statusText: string, headers: Record<string, string | string[] | number>): unknown;
  end(chunk?: string): unknown;
  destroy(): unknown;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * A node:http request listener; Express also passes `next`, which is not needed: the listener
 * always answers.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import type { NodeListener } from '@paysign/gateway/node';
 *
 * const listener: NodeListener = toNodeListener(handler);
 * createServer(listener).listen(8080);
 * ```
 */
export type NodeListener = (request: NodeIncomingRequest, response: NodeServerResponse) => void;

/**
 * Options of {@link toNodeListener}.
 *
 * @example
 * ```ts
 * import { toNodeListener, type NodeListenerOptions } from '@paysign/gateway/node';
 *
 * const options: NodeListenerOptions = { maxBodyBytes: 16_384 };
 * app.use('/callbacks', toNodeListener(handler, options));
 * ```
 */
export interface NodeListenerOptions {
  /**
   * The largest request body read, in bytes (a positive whole number). Default 1 MiB. A larger
   * `Content-Length` is refused with 413 before anything is read, and a body that grows past it
   * is refused with 413 as soon as it does: it is never buffered whole. (The gateway's callbacks
   * are GET requests without a body.)
   */
  maxBodyBytes?: number;
}

const DEFAULT_MAX_BODY_BYTES = 1_048_576;
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

function plain(response: NodeServerResponse, status: number, text: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    // A body left unread (too large) is not drained for a next request on this connection.
    ...(status === 413 && { Connection: 'close' }),
  });
  response.end(text);
}

// The request line's target as the client sent it: Express's mounted routers shorten `url` and
// keep the original in `originalUrl`. The query string is passed on as it came, never re-encoded.
function requestTarget(request: NodeIncomingRequest): string | undefined {
  const target = request.originalUrl;
  const raw = typeof target === 'string' ? target : request.url;
  return typeof raw === 'string' && raw.startsWith('/') ? raw : undefined;
}

/** Whether a request carries a body: framed by a length above zero or by a transfer coding (RFC 9112 §6.3). */
function hasBody(method: string, request: NodeIncomingRequest): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function requestHeaders(request: NodeIncomingRequest): Headers {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (!name.startsWith(':')) headers.append(name, raw[i + 1] as string); // HTTP/2 pseudo-headers are not headers
  }
  return headers;
}

/**
 * The request body as a stream the handler pulls: nothing is read before the handler asks for it,
 * so a handler that answers without the body (405 to a POST) never waits for one. Past `cap`
 * bytes the stream errors and `onTooLarge` runs once, before the chunk is passed on.
 */
function bodyStream(request: NodeIncomingRequest, cap: number, onTooLarge: () => void): { stream: ReadableStream<Uint8Array>; ended(): boolean } {
  let chunks: AsyncIterator<Uint8Array> | undefined;
  let size = 0;
  let done = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= request[Symbol.asyncIterator]();
        const next = await chunks.next();
        if (next.done === true) {
          done = true;
          controller.close();
          return;
        }
        size += next.value.length;
        if (size > cap) {
          onTooLarge();
          controller.error(new RangeError(`the body is larger than ${cap} bytes`));
          return;
        }
        controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, ended: () => done };
}

/**
 * Turns a fetch-style handler (`(request: Request) => Response`), such as `createCallbackHandler`'s,
 * into a node:http request listener for node:http, Express, Fastify and Koa. The request reaches
 * the handler as it came: its method, its headers, its URL with the raw query string (the
 * callback's parameters and `control`, never re-encoded) and its raw body bytes as a stream the
 * handler pulls, counted against `maxBodyBytes` (413 as soon as it grows past it, never buffered
 * whole). A handler that answers without reading the body (405 to a POST) does not wait for it,
 * and the connection is closed after the reply. The handler's status, headers and
 * body are written back as they are. A handler that throws answers 500 without detail; a client
 * that goes away aborts the request's `signal`. Mount it before any body parser: a body another
 * middleware already read cannot be passed on, and is answered 500 rather than dropped.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createCallbackHandler } from '@paysign/gateway';
 * import { toNodeListener } from '@paysign/gateway/node';
 *
 * const callbacks = toNodeListener(createCallbackHandler({ controlKey, findOrder, onCallback }));
 * createServer(callbacks).listen(8080); // Express: app.get('/callbacks', callbacks)
 * // Fastify: fastify.get('/callbacks', (request, reply) => { reply.hijack(); callbacks(request.raw, reply.raw); });
 * // Koa: app.use((ctx) => { ctx.respond = false; callbacks(ctx.req, ctx.res); });
 * ```
 */
export function toNodeListener(handler: FetchHandler, options: NodeListenerOptions = {}): NodeListener {
  if (typeof handler !== 'function') throw new TypeError('toNodeListener: handler must be a function (request: Request) => Response');
  const cap = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!isPositiveWholeNumber(cap)) throw new RangeError('toNodeListener: maxBodyBytes must be a positive whole number of bytes');

  async function handle(request: NodeIncomingRequest, response: NodeServerResponse): Promise<void> {
    const target = requestTarget(request);
    if (target === undefined) return plain(response, 400, 'the request target must be a path');
    let headers: Headers;
    try {
      headers = requestHeaders(request);
    } catch {
      return plain(response, 400, 'a request header is malformed');
    }
    const method = request.method ?? 'GET';
    let body: ReturnType<typeof bodyStream> | undefined;
    let tooLarge = false;
    if (hasBody(method, request)) {
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > cap) return plain(response, 413, `the body is larger than ${cap} bytes`);
      if (request.readableEnded)
        return plain(response, 500, 'the request body was already read by another middleware: mount this listener before body parsers');
      body = bodyStream(request, cap, () => {
        tooLarge = true;
        plain(response, 413, `the body is larger than ${cap} bytes`);
      });
    }
    const aborted = new AbortController();
    response.once('close', () => {
      if (!response.writableFinished) aborted.abort();
    });
    // The Host header is caller text: only a plain host[:port] may name the origin, so that it can
    // never move the path or the query the handler reads.
    const host = headers.get('host') ?? '';
    const url = new URL(`http://${HOST.test(host) ? host : 'localhost'}${target}`);
    const fetchRequest = new Request(url, {
      method,
      headers,
      signal: aborted.signal,
      ...(body !== undefined && { body: body.stream, duplex: 'half' }),
    } as RequestInit);
    let reply: Response;
    try {
      reply = await handler(fetchRequest);
    } catch (error) {
      if (tooLarge) return; // answered 413 already
      throw error;
    }
    if (tooLarge || response.headersSent) {
      await reply.body?.cancel();
      return;
    }
    const out: Record<string, string | string[] | number> = {};
    reply.headers.forEach((value, name) => {
      if (name !== 'set-cookie') out[name] = value;
    });
    const cookies = reply.headers.getSetCookie();
    if (cookies.length > 0) out['set-cookie'] = cookies;
    // A body the handler left unread is not drained for a next request on this connection.
    if (body !== undefined && !body.ended()) out.connection = 'close';
    if (reply.statusText === '') response.writeHead(reply.status, out);
    else response.writeHead(reply.status, reply.statusText, out);
    if (reply.body === null || method === 'HEAD') {
      await reply.body?.cancel();
      response.end();
      return;
    }
    // The listener is given node:http's ServerResponse, of which NodeServerResponse is the part named here.
    await pipeline(Readable.fromWeb(reply.body as import('node:stream/web').ReadableStream), response as unknown as ServerResponse);
  }

  return (request, response) => {
    handle(request, response).catch(() => plain(response, 500, 'the request could not be handled'));
  };
}
