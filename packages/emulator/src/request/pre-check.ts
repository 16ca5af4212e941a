import { parseAuthorizationHeader, type VerificationFailureReason } from '@paysign/oauth-core';

/** The outcome of {@link precheckAuthorization}: go on and read the body, or refuse now. */
export type PrecheckResult = { ok: true } | { ok: false; reason: VerificationFailureReason; message: string };

/** What the pre-check compares the header with. */
export interface PrecheckContext {
  /** Whether a consumer (merchant login) is registered. */
  isKnown(consumerKey: string): boolean;
  /** The emulator's clock, Unix seconds (the verifier's clock). */
  now: number;
  /** The verifier's timestamp window, seconds. */
  windowSeconds: number;
}

const TIMESTAMP = /^[0-9]{1,12}$/;

/**
 * The cheap checks that need only the `Authorization` header, run before the body is read: the
 * spec has every request carry the OAuth parameters there, so a request without the header, with
 * an unreadable one, without `oauth_consumer_key` or `oauth_timestamp` in it, with a timestamp
 * outside the window or from an unknown consumer is refused without reading or parsing its body.
 * It applies the verifier's own rules (same clock, same window), so apart from wanting the OAuth
 * parameters in the header, as the spec does, it refuses nothing the verifier would accept; the
 * verifier then checks everything again.
 *
 * @example
 * ```ts
 * const result = precheckAuthorization(request.headers.get('authorization'), { isKnown: (login) => merchants.get(login) !== undefined, now: 1_700_000_000, windowSeconds: 300 });
 * if (!result.ok) console.warn(result.reason); // e.g. 'unknown_consumer'
 * ```
 */
export function precheckAuthorization(authorization: string | null, context: PrecheckContext): PrecheckResult {
  if (authorization === null || authorization.trim() === '') {
    return { ok: false, reason: 'missing_parameter', message: 'the Authorization header is missing' };
  }
  let params: Record<string, string>;
  try {
    params = parseAuthorizationHeader(authorization).params;
  } catch {
    return { ok: false, reason: 'malformed_request', message: 'the Authorization header cannot be read as OAuth parameters' };
  }
  const consumerKey = params.oauth_consumer_key;
  const timestamp = params.oauth_timestamp;
  if (consumerKey === undefined) return { ok: false, reason: 'missing_parameter', message: 'oauth_consumer_key is missing from the Authorization header' };
  if (timestamp === undefined) return { ok: false, reason: 'missing_parameter', message: 'oauth_timestamp is missing from the Authorization header' };
  if (!TIMESTAMP.test(timestamp) || Math.abs(context.now - Number(timestamp)) > context.windowSeconds) {
    return {
      ok: false,
      reason: 'stale_timestamp',
      message: `oauth_timestamp ${timestamp} is more than ${context.windowSeconds} s from the server's time ${context.now}`,
    };
  }
  if (!context.isKnown(consumerKey)) return { ok: false, reason: 'unknown_consumer', message: `no consumer is registered as ${consumerKey}` };
  return { ok: true };
}
