/**
 * The part of a Node message (`http.IncomingMessage`, a request or a reply) that a stream over its
 * body needs; written out so that this file needs no Node types.
 *
 * @example
 * ```ts
 * import type { NodeIncoming } from '@paysign/protocol/io';
 *
 * const incoming: NodeIncoming = request; // an http.IncomingMessage
 * ```
 */
export interface NodeIncoming {
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  once(event: 'end' | 'close', listener: () => void): unknown;
  off(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  destroy(): unknown;
  readonly complete: boolean;
}

/**
 * What differs between the two sides: the error the stream fails with (for the socket's error,
 * or `undefined` for a connection closed before the body ended), and what a cancelled read does to
 * the message: `'destroy'` it (a reply nobody will read) or `'leave'` it paused (a request whose
 * server drains or closes the connection after replying).
 *
 * @example
 * ```ts
 * import type { IncomingStreamOptions } from '@paysign/protocol/io';
 *
 * const server: IncomingStreamOptions = { failure: (error) => error ?? new Error('Client connection prematurely closed.'), onCancel: 'leave' };
 * ```
 */
export interface IncomingStreamOptions {
  failure(error: unknown): unknown;
  onCancel: 'destroy' | 'leave';
}

/**
 * A WHATWG stream over a Node message's body, read as the caller reads it: the socket is paused
 * while a chunk waits in the stream, so a capped reader (`readCappedBytes`) that cancels at its cap
 * has buffered no more than the cap and one chunk. The client's fetch over node:http and the
 * emulator's Node server both read bodies through it.
 *
 * @example
 * ```ts
 * import { readCappedBytes, streamFromIncoming } from '@paysign/protocol/io';
 *
 * const body = streamFromIncoming(incoming, { failure: (error) => error, onCancel: 'destroy' });
 * const bytes = await readCappedBytes({ headers: new Headers(), body }, 1_048_576);
 * ```
 */
export function streamFromIncoming(incoming: NodeIncoming, options: IncomingStreamOptions): ReadableStream<Uint8Array> {
  let settled = false;
  let onData: ((chunk: Uint8Array) => void) | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        controller.error(options.failure(error));
      };
      onData = (chunk) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
      };
      incoming.on('data', onData);
      incoming.once('end', () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      incoming.on('error', fail);
      incoming.once('close', () => {
        if (!incoming.complete) fail(undefined);
      });
    },
    pull() {
      incoming.resume();
    },
    cancel() {
      settled = true;
      if (options.onCancel === 'destroy') incoming.destroy();
      else {
        if (onData !== undefined) incoming.off('data', onData);
        incoming.pause();
      }
    },
  });
}
