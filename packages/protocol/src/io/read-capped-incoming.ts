import type { NodeIncoming } from './incoming-stream.js';
import { joinChunks, lengthOverCap } from './read-capped-bytes.js';

/**
 * Reads a Node request's body straight from its `data` events, at most `maxBytes` bytes, with the
 * rule of {@link readCappedBytes}: a `Content-Length` above the cap (`declaredLength`) is refused
 * before anything is read; otherwise bytes are counted as they arrive and, as soon as the count
 * passes the cap, reading stops with the message paused (its server closes or drains the
 * connection after replying), so no more than the cap and one chunk is ever buffered. No web stream
 * is made: a Node server that needs only the bytes skips that cost. Resolves `undefined` when over
 * the cap; rejects with `failure(error)` when the connection fails or closes before the body ends.
 *
 * @example
 * ```ts
 * import { readCappedIncoming } from '@paysign/protocol/io';
 *
 * const bytes = await readCappedIncoming(incoming, incoming.headers['content-length'], 1_048_576, (error) => error ?? new Error('closed early'));
 * if (bytes === undefined) response.writeHead(413, { Connection: 'close' }).end();
 * ```
 */
export function readCappedIncoming(
  incoming: NodeIncoming,
  declaredLength: string | undefined,
  maxBytes: number,
  failure: (error: unknown) => unknown,
): Promise<Uint8Array | undefined> {
  if (lengthOverCap(declaredLength, maxBytes)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    let settled = false;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      incoming.off('data', onData);
      finish();
    };
    const onData = (chunk: Uint8Array): void => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        incoming.pause();
        settle(() => resolve(undefined));
      } else chunks.push(chunk);
    };
    incoming.on('data', onData);
    incoming.once('end', () => settle(() => resolve(joinChunks(chunks, total))));
    incoming.on('error', (error) => settle(() => reject(failure(error))));
    incoming.once('close', () => {
      if (!incoming.complete) settle(() => reject(failure(undefined)));
    });
  });
}
