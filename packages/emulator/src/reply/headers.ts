/**
 * The headers every gateway reply carries in the spec's examples (success and 403 alike).
 * `Date` and `Content-Length` are added by the HTTP layer.
 */
export const GATEWAY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  Server: 'paysign-emulator',
  Connection: 'keep-alive',
  'Keep-Alive': 'timeout=60',
  'X-XSS-Protection': '1',
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=31536000',
});

/** The gateway's answer to a request it cannot authenticate: 403 and nothing else. */
export function forbidden(): Response {
  return new Response(null, { status: 403, headers: { ...GATEWAY_HEADERS, 'Content-Length': '0' } });
}

/**
 * An empty reply with the gateway headers for a request refused before authentication: 400 (too
 * many parameters), 413 (body over the cap) or 415 (not a form body). With `close`, the connection
 * is closed after the reply instead of kept alive, so an unread body is not waited for.
 *
 * @example
 * ```ts
 * emptyReply(413, { close: true }).headers.get('connection'); // 'close'
 * ```
 */
export function emptyReply(status: 400 | 413 | 415, options: { close?: boolean } = {}): Response {
  const headers: Record<string, string> = { ...GATEWAY_HEADERS, 'Content-Length': '0' };
  if (options.close) {
    headers.Connection = 'close';
    delete headers['Keep-Alive'];
  }
  return new Response(null, { status, headers });
}
