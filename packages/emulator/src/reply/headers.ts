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
