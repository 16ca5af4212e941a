import type { IncomingMessage } from 'node:http';
import { streamFromIncoming } from '@paysign/protocol/io';

// Statuses whose Response has no body (the fetch standard's "null body status").
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `Response` over a Node reply, its body read as the caller reads it: the socket is paused while
 * a chunk waits in the stream, so a capped reader (`readCappedBytes`) that cancels at its cap has
 * buffered no more than the cap and one chunk; cancelling destroys the reply. An abort or a broken
 * connection while the body is read errors the stream as fetch's does (the abort's reason, or
 * `TypeError: terminated` with the system error as `cause`).
 */
export function incomingResponse(incoming: IncomingMessage, url: URL, method: string, abortReason: () => unknown): Response {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const status = incoming.statusCode ?? 0;
  const body =
    method === 'HEAD' || NULL_BODY.has(status)
      ? (incoming.resume(), null)
      : streamFromIncoming(incoming, {
          // As fetch's: the abort's reason, or `TypeError: terminated` with the system error as `cause`.
          failure: (error) =>
            abortReason() ?? new TypeError('terminated', { cause: error ?? Object.assign(new Error('other side closed'), { code: 'ECONNRESET' }) }),
          onCancel: 'destroy',
        });
  const response = new Response(body, { status, statusText: incoming.statusMessage ?? '', headers });
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}
