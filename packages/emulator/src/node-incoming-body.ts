import type { IncomingMessage } from 'node:http';
import { streamFromIncoming } from '@paysign/protocol/io';

/**
 * The emulator's fetch handler behind `@hono/node-server`, with each request's `body` read
 * straight from Node's `IncomingMessage`. The adapter's `Request` is light until its `body` is
 * asked for; then it builds a full undici `Request` over `Readable.toWeb(incoming)`, which was
 * about 15% of the emulator's CPU per request. Every body the emulator reads goes through
 * `readCappedBytes(request)`, which only needs a stream: this one hands the socket's chunks over
 * as they arrive, pausing the socket while a chunk waits (so the running cap still bounds what is
 * buffered). A cancelled read (a body over the cap) leaves the rest unread, as before: the adapter
 * drains or closes the connection once the reply is written. URL and header handling, the
 * environment (`{ incoming, outgoing }`, read by the admin guards) and the reply path are the
 * adapter's, unchanged.
 */
export function withIncomingBody<Env extends { incoming: unknown }>(
  handler: (request: Request, env: Env) => Promise<Response>,
): (request: Request, env: Env) => Promise<Response> {
  return (request, env) => {
    const incoming = env.incoming;
    if (request.method !== 'GET' && request.method !== 'HEAD' && isHttp1Incoming(incoming)) {
      let body: ReadableStream<Uint8Array> | undefined;
      Object.defineProperty(request, 'body', { configurable: true, get: () => (body ??= incomingBody(incoming)) });
    }
    return handler(request, env);
  };
}

function isHttp1Incoming(value: unknown): value is IncomingMessage {
  return typeof value === 'object' && value !== null && 'rawHeaders' in value && 'socket' in value && typeof (value as IncomingMessage).pause === 'function';
}

function incomingBody(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  return streamFromIncoming(incoming, { failure: (error) => error ?? new Error('Client connection prematurely closed.'), onCancel: 'leave' });
}
