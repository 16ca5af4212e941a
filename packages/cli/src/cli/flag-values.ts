import { OAUTH_TIMESTAMP_PATTERN } from '@paysign/oauth-core';
import { parseCalendarDate } from '@paysign/protocol';
import { UsageError } from './usage-error.js';

/**
 * Checks a `DD.MM.YYYY` date flag: the form and that the day exists (a usage error naming the flag).
 *
 * @example
 * ```ts
 * readDateFlag('01.02.2026', '--today'); // '01.02.2026'
 * readDateFlag('2026-01-01', '--today'); // throws UsageError: --today must be a date written DD.MM.YYYY ...
 * ```
 */
export function readDateFlag(value: string, flag: string): string {
  if (parseCalendarDate(value) === undefined) {
    throw new UsageError(`${flag} must be a date written DD.MM.YYYY that exists, e.g. 01.01.2026 (got "${value.slice(0, 40)}")`);
  }
  return value;
}

/**
 * Checks a Unix-seconds flag: a whole number above 0, at most 12 digits.
 *
 * @example
 * ```ts
 * readUnixSecondsFlag('1767225600', '--timestamp'); // '1767225600'
 * readUnixSecondsFlag('abc', '--timestamp'); // throws UsageError: --timestamp must be Unix seconds ...
 * ```
 */
export function readUnixSecondsFlag(value: string, flag: string): string {
  if (!OAUTH_TIMESTAMP_PATTERN.test(value)) {
    throw new UsageError(`${flag} must be Unix seconds, a whole number above 0 such as 1767225600 (got "${value.slice(0, 40)}")`);
  }
  return value;
}

/**
 * Checks a whole-number flag (digits only, a safe integer) of at least `min`.
 *
 * @example
 * ```ts
 * readWholeNumberFlag('4', '--concurrency'); // 4
 * readWholeNumberFlag('0', '--concurrency'); // throws UsageError: --concurrency must be a whole number of at least 1
 * ```
 */
export function readWholeNumberFlag(value: string, flag: string, min = 1): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < min) throw new UsageError(`${flag} must be a whole number of at least ${min}`);
  return number;
}
