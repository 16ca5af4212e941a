/**
 * What a failed `fetch` says about why no reply came: the system's error code and its words
 * (`connect ECONNREFUSED 127.0.0.1:8443`, `getaddrinfo ENOTFOUND gate.example`, a TLS code such
 * as `CERT_HAS_EXPIRED`), read from the error's `cause` (undici puts them there, behind its
 * generic `fetch failed`). Several addresses tried (an `AggregateError`) give the first one's.
 *
 * @example
 * ```ts
 * import { GatewayTransportError, transportCause } from '@paysign/gateway';
 *
 * try {
 *   await client.updateRecurringPayments(payments);
 * } catch (error) {
 *   if (error instanceof GatewayTransportError) console.error(transportCause(error.cause).text); // e.g. "connect ECONNREFUSED 127.0.0.1:8443"
 * }
 * ```
 */
export function transportCause(error: unknown): { code?: string; text: string } {
  const outer = error as { cause?: unknown; message?: unknown } | undefined;
  let cause = outer?.cause as { code?: unknown; message?: unknown; errors?: unknown } | undefined;
  if (cause !== undefined && typeof cause.code !== 'string' && Array.isArray(cause.errors) && cause.errors.length > 0) {
    cause = cause.errors[0] as typeof cause;
  }
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const words = typeof cause?.message === 'string' && cause.message !== '' ? cause.message : undefined;
  if (code !== undefined) return { code, text: words === undefined || !words.includes(code) ? code : words };
  if (words !== undefined) return { text: words };
  return { text: typeof outer?.message === 'string' ? outer.message : 'unknown failure' };
}

// The codes that mean the gateway was not reached at all: no connection, no such host, a TLS
// handshake refused. A reset or a timeout is not here: the request may have been received.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN']);

/**
 * Whether the cause of a transport failure (as {@link transportCause} reads it) says the gateway
 * could not be reached at all, so the request was certainly not received.
 *
 * @example
 * ```ts
 * import { isUnreachable, transportCause } from '@paysign/gateway';
 *
 * const { code, text } = transportCause(error.cause);
 * if (isUnreachable(code, text)) console.error('the gateway was not reached; nothing was sent');
 * ```
 */
export function isUnreachable(code: string | undefined, text: string): boolean {
  if (code === undefined) return text === 'bad port';
  return UNREACHABLE.has(code) || /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$)/.test(code);
}
