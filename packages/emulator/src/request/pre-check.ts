import { checkConsumer, checkTimestamp, parseAuthorizationHeader, type PreCheckFailure, type VerificationFailureReason } from '@paysign/oauth-core';

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
  // The verifier's own checks (oauth-core), in the verifier's order: the consumer key is there,
  // the timestamp is Unix seconds inside the window, the consumer is registered.
  const consumerKey = params.oauth_consumer_key;
  const failure =
    (consumerKey === undefined ? checkConsumer(undefined, false) : undefined) ??
    checkTimestamp(params.oauth_timestamp, context.now, context.windowSeconds) ??
    checkConsumer(consumerKey, consumerKey !== undefined && context.isKnown(consumerKey));
  if (failure !== undefined) return fromHeader(failure);
  return { ok: true };
}

// A missing parameter is missing from the header: the body has not been read yet.
function fromHeader(failure: PreCheckFailure): PrecheckResult {
  const message = failure.reason === 'missing_parameter' ? `${failure.message} from the Authorization header` : failure.message;
  return { ok: false, reason: failure.reason, message };
}
