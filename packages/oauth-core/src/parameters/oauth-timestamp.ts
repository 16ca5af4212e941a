// RFC 5849 §3.3: how `oauth_timestamp` is written, for the signer that writes it and the
// verifier that reads it.

/**
 * `oauth_timestamp` as RFC 5849 §3.3 asks: a positive whole number of seconds since the Unix epoch,
 * written without a sign or leading zeros, at most 12 digits (13 would be milliseconds). The
 * signer refuses a `timestamp()` that does not match; a verifier reads {@link OAUTH_TIMESTAMP_RECEIVED_PATTERN}.
 *
 * @example
 * ```ts
 * import { OAUTH_TIMESTAMP_PATTERN } from '@paysign/oauth-core';
 *
 * OAUTH_TIMESTAMP_PATTERN.test('1767225600'); // true
 * OAUTH_TIMESTAMP_PATTERN.test('1767225600000'); // false: milliseconds
 * OAUTH_TIMESTAMP_PATTERN.test('0'); // false
 * ```
 */
export const OAUTH_TIMESTAMP_PATTERN: RegExp = /^[1-9][0-9]{0,11}$/;

/**
 * `oauth_timestamp` as a verifier reads it: 1 to 12 digits, leading zeros allowed (the time they
 * name is then checked against the window). Anything else is refused as `stale_timestamp`.
 *
 * @example
 * ```ts
 * import { OAUTH_TIMESTAMP_RECEIVED_PATTERN } from '@paysign/oauth-core';
 *
 * OAUTH_TIMESTAMP_RECEIVED_PATTERN.test('01767225600'); // true: its time is then checked
 * OAUTH_TIMESTAMP_RECEIVED_PATTERN.test('1767225600.0'); // false
 * ```
 */
export const OAUTH_TIMESTAMP_RECEIVED_PATTERN: RegExp = /^[0-9]{1,12}$/;
