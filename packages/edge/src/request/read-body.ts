/** The body as bytes, or `undefined` when it is longer than the limit. */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return undefined;
  if (request.body === null) return new Uint8Array(0);
  // Counted while streaming: a chunked body or a lying Content-Length is cut off at the limit,
  // so the proxy never buffers more than maxBytes for a caller.
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
