import type { VerificationFailureReason } from './create-verifier.js';
import { OAUTH_TIMESTAMP_RECEIVED_PATTERN } from '../parameters/oauth-timestamp.js';

/**
 * How far, in seconds, a verifier accepts `oauth_timestamp` from its clock unless told otherwise
 * (`timestampWindowSeconds`): five minutes either way.
 *
 * @example
 * ```ts
 * import { DEFAULT_TIMESTAMP_WINDOW_SECONDS } from '@paysign/oauth-core';
 *
 * const window = options.timestampWindowSeconds ?? DEFAULT_TIMESTAMP_WINDOW_SECONDS; // 300
 * ```
 */
export const DEFAULT_TIMESTAMP_WINDOW_SECONDS = 300;

/**
 * A refusal of one of the verifier's checks: the `reason` its result would carry and a plain-words
 * message (never a secret).
 *
 * @example
 * ```ts
 * import { checkTimestamp, type PreCheckFailure } from '@paysign/oauth-core';
 *
 * const failure: PreCheckFailure | undefined = checkTimestamp('1700000000', 1_700_000_900);
 * failure?.reason; // 'stale_timestamp'
 * ```
 */
export interface PreCheckFailure {
  ok: false;
  reason: VerificationFailureReason;
  message: string;
}

/**
 * The verifier's timestamp check, for code that refuses a request before it reaches the verifier
 * (a server that reads only the `Authorization` header first): `oauth_timestamp` must be present
 * (`missing_parameter`), match {@link OAUTH_TIMESTAMP_RECEIVED_PATTERN} and lie within `windowSeconds` of
 * `now` (`stale_timestamp`). `undefined` when it passes.
 *
 * @example
 * ```ts
 * import { checkTimestamp, DEFAULT_TIMESTAMP_WINDOW_SECONDS } from '@paysign/oauth-core';
 *
 * checkTimestamp('1700000000', 1_700_000_100, DEFAULT_TIMESTAMP_WINDOW_SECONDS); // undefined: fresh
 * checkTimestamp('1700000000', 1_700_000_900)?.reason; // 'stale_timestamp'
 * checkTimestamp(undefined, 1_700_000_000)?.reason; // 'missing_parameter'
 * ```
 */
export function checkTimestamp(
  timestamp: string | undefined,
  now: number,
  windowSeconds: number = DEFAULT_TIMESTAMP_WINDOW_SECONDS,
): PreCheckFailure | undefined {
  if (timestamp === undefined) return { ok: false, reason: 'missing_parameter', message: 'oauth_timestamp is missing' };
  if (!OAUTH_TIMESTAMP_RECEIVED_PATTERN.test(timestamp)) {
    return { ok: false, reason: 'stale_timestamp', message: 'oauth_timestamp is not Unix seconds (a whole number above 0, at most 12 digits)' };
  }
  if (Math.abs(now - Number(timestamp)) > windowSeconds) {
    return { ok: false, reason: 'stale_timestamp', message: `oauth_timestamp ${timestamp} is more than ${windowSeconds} s from the server's time ${now}` };
  }
  return undefined;
}

/**
 * The verifier's consumer check: `oauth_consumer_key` must be present (`missing_parameter`) and
 * name a registered consumer (`unknown_consumer`; `registered` is what your lookup found).
 * `undefined` when it passes.
 *
 * @example
 * ```ts
 * import { checkConsumer } from '@paysign/oauth-core';
 *
 * const key = parseAuthorizationHeader(header).params.oauth_consumer_key;
 * const failure = checkConsumer(key, key !== undefined && merchants.has(key));
 * const early = failure ? new Response(failure.message, { status: 401 }) : undefined; // refused before the body is read
 * ```
 */
export function checkConsumer(consumerKey: string | undefined, registered: boolean): PreCheckFailure | undefined {
  if (consumerKey === undefined) return { ok: false, reason: 'missing_parameter', message: 'oauth_consumer_key is missing' };
  if (!registered) return { ok: false, reason: 'unknown_consumer', message: `no consumer is registered as ${consumerKey}` };
  return undefined;
}
