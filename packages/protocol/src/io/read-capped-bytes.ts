/**
 * A request or a response: what a capped read needs of it.
 *
 * @example
 * ```ts
 * import { readCappedBytes, type BodyCarrier } from '@paysign/protocol/io';
 *
 * const message: BodyCarrier = request; // a Request or a Response
 * const bytes = await readCappedBytes(message, 1_048_576); // undefined when longer
 * ```
 */
export interface BodyCarrier {
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array> | null;
}

/**
 * Whether the message's `Content-Length` already says its body is longer than `maxBytes`.
 *
 * @example
 * ```ts
 * declaredTooLarge(new Request('http://x/', { method: 'POST', body: 'abc' }), 2); // true
 * ```
 */
export function declaredTooLarge(message: BodyCarrier, maxBytes: number): boolean {
  return lengthOverCap(message.headers.get('content-length'), maxBytes);
}

/**
 * Whether a `Content-Length` value says more than `maxBytes` (absent or not a number: no).
 *
 * @example
 * ```ts
 * lengthOverCap('2048', 1024); // true
 * ```
 */
export function lengthOverCap(contentLength: string | null | undefined, maxBytes: number): boolean {
  const declared = contentLength?.trim();
  return declared !== undefined && /^[0-9]+$/.test(declared) && Number(declared) > maxBytes;
}

/**
 * Reads a body, at most `maxBytes` bytes: the one capped reader of the client (gateway replies),
 * the emulator (requests) and the edge proxy (callers' requests). A `Content-Length` above the cap
 * is refused before anything is read; otherwise bytes are counted as they arrive, and the stream
 * is cancelled as soon as the count passes the cap (a chunked body or a lying `Content-Length`
 * included), so no more than `maxBytes` is ever buffered. Resolves `undefined` when over the cap.
 *
 * @example
 * ```ts
 * import { readCappedBytes } from '@paysign/protocol/io';
 *
 * async function handle(request: Request): Promise<Response> {
 *   const bytes = await readCappedBytes(request, 1024 * 1024);
 *   if (bytes === undefined) return new Response(null, { status: 413 });
 *   return new Response(`${bytes.length} bytes read`);
 * }
 * ```
 */
export async function readCappedBytes(message: BodyCarrier, maxBytes: number): Promise<Uint8Array | undefined> {
  if (declaredTooLarge(message, maxBytes)) {
    await message.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (message.body === null) return new Uint8Array(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return joinChunks(chunks, total);
}

/**
 * The chunks of a body as one array of `total` bytes (the one chunk itself when there is one).
 *
 * @example
 * ```ts
 * joinChunks([new Uint8Array([1]), new Uint8Array([2, 3])], 3); // Uint8Array [1, 2, 3]
 * ```
 */
export function joinChunks(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
