/** The body as text, or `tooLarge` when it is longer than the cap allows. */
export type CappedBody = { text: string } | { tooLarge: true };

/**
 * Reads a request body as UTF-8 text, at most `maxBytes` bytes: a `Content-Length` above the cap
 * is refused before anything is read, and a body without one is read chunk by chunk with a
 * running count, stopping (and cancelling the stream) as soon as the count passes the cap.
 *
 * @example
 * ```ts
 * const body = await readCappedBody(request, 1024 * 1024);
 * if ('tooLarge' in body) return new Response(null, { status: 413 });
 * ```
 */
export async function readCappedBody(request: Request, maxBytes: number): Promise<CappedBody> {
  if (declaredTooLarge(request, maxBytes)) return { tooLarge: true };
  if (request.body === null) return { text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { text: new TextDecoder().decode(bytes) };
}

/**
 * Whether the request's `Content-Length` header already says the body is longer than `maxBytes`.
 *
 * @example
 * ```ts
 * declaredTooLarge(new Request('http://x/', { method: 'POST', body: 'abc' }), 2); // true
 * ```
 */
export function declaredTooLarge(request: Request, maxBytes: number): boolean {
  const declared = request.headers.get('content-length');
  return declared !== null && /^[0-9]+$/.test(declared.trim()) && Number(declared.trim()) > maxBytes;
}
