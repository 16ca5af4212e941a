import { OAuthError } from '../errors.js';

/** The byte cap of a credentials reply by default: a few hundred bytes are usual. */
export const DEFAULT_MAX_REPLY_BYTES = 16_384;

function tooLarge(what: string, maxBytes: number): OAuthError {
  return new OAuthError('REPLY_TOO_LARGE', `the ${what} reply is longer than ${maxBytes} bytes (maxReplyBytes)`, { source: 'reply', field: 'body' });
}

/**
 * Reads a reply's body as UTF-8 text, at most `maxBytes` bytes, counted on the bytes before any
 * decoding or parsing; a status other than 2xx is refused before its body is read (and the body
 * is let go). Nothing of the reply is in a message: only its status.
 *
 * @throws {OAuthError} `UNEXPECTED_STATUS` (with `status`), `REPLY_TOO_LARGE`,
 *   `INVALID_CREDENTIALS_REPLY` for a body that is not UTF-8.
 */
export async function readReplyText(response: Response, maxBytes: number, what: string): Promise<string> {
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel().catch(() => undefined);
    const redirect = response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
    throw new OAuthError(
      'UNEXPECTED_STATUS',
      redirect
        ? `the ${what} endpoint answered with a redirect (status ${response.status}), which a signed request does not follow`
        : `the ${what} endpoint answered with status ${response.status}`,
      { source: 'reply', status: response.status },
    );
  }
  const declared = response.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(what, maxBytes);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(what, maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new OAuthError('INVALID_CREDENTIALS_REPLY', `the ${what} reply is not UTF-8 text`, { source: 'reply', field: 'body' });
  }
}

/**
 * Checks a byte cap option: a whole number of bytes above 0.
 *
 * @throws {OAuthError} `INVALID_PARAMETER` naming `maxReplyBytes`.
 */
export function readMaxReplyBytes(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_REPLY_BYTES;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new OAuthError('INVALID_PARAMETER', 'maxReplyBytes must be a whole number of bytes above 0', { source: 'options', field: 'maxReplyBytes' });
  }
  return value;
}
