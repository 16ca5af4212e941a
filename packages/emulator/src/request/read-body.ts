import { readCappedBytes } from '@paysign/protocol/io';

/** The body as text, or `tooLarge` when it is longer than the cap allows. */
export type CappedBody = { text: string } | { tooLarge: true };

/**
 * Reads a request body as UTF-8 text, at most `maxBytes` bytes, with @paysign/protocol/io's one
 * capped reader (`Content-Length` checked first, then a running count that cancels the stream).
 *
 * @example
 * ```ts
 * const body = await readCappedBody(request, 1024 * 1024);
 * if ('tooLarge' in body) return new Response(null, { status: 413 });
 * ```
 */
export async function readCappedBody(request: Request, maxBytes: number): Promise<CappedBody> {
  const bytes = await readCappedBytes(request, maxBytes);
  return bytes === undefined ? { tooLarge: true } : { text: new TextDecoder().decode(bytes) };
}
