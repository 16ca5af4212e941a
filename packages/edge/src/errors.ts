/**
 * Stable codes of the JSON errors the proxy answers with, and of the `EdgeError` it throws for
 * unusable options. A code never changes meaning between versions; match on it, not on the message.
 *
 * @example
 * ```ts
 * import type { EdgeErrorCode, ErrorBody } from '@paysign/edge';
 *
 * const reply = await fetch(proxyUrl, { method: 'POST', headers, body });
 * if (!reply.ok) {
 *   const code: EdgeErrorCode = ((await reply.json()) as ErrorBody).error.code;
 *   if (code === 'VALIDATION_FAILED') console.error('fix the request: it was not sent');
 * }
 * ```
 */
export type EdgeErrorCode =
  // Thrown at setup, never sent to a caller as such
  | 'INVALID_OPTIONS' // the proxy's options cannot work; the message names the option (never its value)
  // Answered to callers, each with one HTTP status
  | 'UNAUTHENTICATED' // 401: no, or a wrong, bearer token or request signature
  | 'OPERATION_NOT_ALLOWED' // 403: the operation is not on the allowlist
  | 'ENDPOINT_NOT_ALLOWED' // 403: the endpoint id is not on the allowlist for this operation
  | 'UNKNOWN_OPERATION' // 404: the path is none of the gateway's operations
  | 'METHOD_NOT_ALLOWED' // 405: the gateway's operations are POST only
  | 'PAYLOAD_TOO_LARGE' // 413: the body is longer than maxBodyBytes
  | 'UNSUPPORTED_MEDIA_TYPE' // 415: the body is not application/x-www-form-urlencoded
  | 'MALFORMED_REQUEST' // 400: the body or query cannot be decoded (bad percent escape, not UTF-8)
  | 'VALIDATION_FAILED' // 422: the request breaks the gateway spec; see `issues`
  | 'PROXY_MISCONFIGURED' // 500: the proxy's own settings or secrets cannot sign
  | 'REPLAY_STORE_UNAVAILABLE' // 503: the nonce store did not answer, so a signed caller request cannot be checked for replay (nothing was forwarded)
  | 'UPSTREAM_UNREACHABLE' // 502: no reply from the gateway (the request may have reached it)
  | 'UPSTREAM_TIMEOUT'; // 504: the gateway did not reply in time (the request may have reached it)

/**
 * Thrown by `createSigningProxy` and the platform adapters when the options cannot work. The
 * message names the option and the rule, never the value of a secret.
 *
 * @example
 * ```ts
 * try {
 *   createSigningProxy({ ...options, callers: {} });
 * } catch (error) {
 *   if (isEdgeError(error) && error.code === 'INVALID_OPTIONS') console.error(error.message);
 * }
 * ```
 */
export class EdgeError extends Error {
  override readonly name = 'EdgeError';
  readonly code: EdgeErrorCode;

  constructor(code: EdgeErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Whether a thrown value is an {@link EdgeError}, by its shape (`name`, `code`, `message`) rather
 * than `instanceof`, which fails across realms and between the ESM and CJS copies of this package.
 *
 * @example
 * ```ts
 * try {
 *   createSigningProxy(options);
 * } catch (error) {
 *   if (isEdgeError(error)) console.error(error.code, error.message);
 * }
 * ```
 */
export function isEdgeError(error: unknown): error is EdgeError {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  return name === 'EdgeError' && typeof code === 'string' && typeof message === 'string';
}
