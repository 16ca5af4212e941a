import { OAUTH_TIMESTAMP_PATTERN } from '@paysign/oauth-core';
import { parseCalendarDate } from '@paysign/protocol';
import { UsageError } from './usage-error.js';

/** The shortest run of digits the output masks as a possible card number (`redactCardData`). */
const CARD_LENGTH_DIGITS = 13;

/**
 * What a refused value looks like, its shape first: `13 digits`, `an empty value`, `"2026-01-01"`.
 * A run of digits as long as a card number is never echoed (the output would mask it into
 * `*************`, hiding the caller's own mistake): its length says what it is. Anything else is
 * quoted with JSON's escapes (no control character reaches the terminal), cut at 40 characters.
 *
 * @example
 * ```ts
 * describeValue('1795738111000'); // '13 digits'
 * describeValue('12.5'); // '"12.5"'
 * ```
 */
export function describeValue(value: string): string {
  if (value === '') return 'an empty value';
  if (/^[0-9]+$/.test(value) && value.length >= CARD_LENGTH_DIGITS) return `${value.length} digits`;
  return value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}... (${value.length} characters)` : JSON.stringify(value);
}

// Unix time in a finer unit than seconds, by its number of digits (from 2001 to 2286 in each unit).
const FINER_UNITS: Readonly<Record<number, readonly [string, string]>> = {
  13: ['milliseconds', '1,000'],
  16: ['microseconds', '1,000,000'],
  19: ['nanoseconds', '1,000,000,000'],
};

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
    throw new UsageError(`${flag} must be a date written DD.MM.YYYY that exists, e.g. 01.01.2026 (got ${describeValue(value)})`);
  }
  return value;
}

/**
 * Checks a Unix-seconds flag: a whole number above 0, at most 12 digits. A value in milliseconds
 * (13 digits), microseconds (16) or nanoseconds (19) is named as such, with the seconds it means.
 *
 * @example
 * ```ts
 * readUnixSecondsFlag('1767225600', '--timestamp'); // '1767225600'
 * readUnixSecondsFlag('1795738111000', '--timestamp');
 * // throws UsageError: --timestamp must be Unix seconds ...: got 13 digits, which looks like Unix milliseconds (divide by 1,000)
 * ```
 */
export function readUnixSecondsFlag(value: string, flag: string): string {
  if (OAUTH_TIMESTAMP_PATTERN.test(value)) return value;
  const finer = /^[1-9][0-9]*$/.test(value) ? FINER_UNITS[value.length] : undefined;
  const hint = finer === undefined ? '' : `, which looks like Unix ${finer[0]} (divide by ${finer[1]})`;
  throw new UsageError(`${flag} must be Unix seconds, a whole number above 0 such as 1767225600: got ${describeValue(value)}${hint}`);
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
