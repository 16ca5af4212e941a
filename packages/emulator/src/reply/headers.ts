import type { GatewayReply } from '../request/gateway-request.js';

/**
 * The headers every gateway reply carries in the spec's examples (success and 403 alike).
 * `Date` is added by the HTTP layer, `Content-Length` by it for a reply with a body.
 */
export const GATEWAY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  Server: 'paysign-emulator',
  Connection: 'keep-alive',
  'Keep-Alive': 'timeout=60',
  'X-XSS-Protection': '1',
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=31536000',
});

const EMPTY_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...GATEWAY_HEADERS, 'Content-Length': '0' });
const CLOSING_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries([...Object.entries(EMPTY_HEADERS).filter(([name]) => name !== 'Keep-Alive'), ['Connection', 'close']]),
);

/**
 * An empty reply with the gateway headers: 403 (the gateway's answer to a request it cannot
 * authenticate), 404, 500, or for a request refused before authentication 400 (too many
 * parameters), 413 (body over the cap) or 415 (not a form body). With `close`, the connection is
 * closed after the reply instead of kept alive, so an unread body is not waited for.
 *
 * @example
 * ```ts
 * emptyReply(413, { close: true }).headers.Connection; // 'close'
 * ```
 */
export function emptyReply(status: 400 | 403 | 404 | 413 | 415 | 500, options: { close?: boolean } = {}): GatewayReply {
  return { status, headers: options.close ? CLOSING_HEADERS : EMPTY_HEADERS, body: '' };
}
