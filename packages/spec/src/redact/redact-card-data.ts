import { isShowablePan } from './mask-pan.js';

// Where a number may start: not glued to a letter or digit (so digits inside Base64, hex nonces
// and ids stay), except right after a percent-escape such as %3D (`=`) or %253D (encoded twice).
const START = '(?:(?<![0-9A-Za-z])|(?<=%(?:25)?[0-9A-Fa-f]{2}))';

// 13 or more digits, each pair of digits at most one space, dot or hyphen apart, ending where no
// letter, digit, or separator followed by a digit comes next: the whole run, never a piece of it.
const DIGIT_RUN = new RegExp(String.raw`${START}(?<!\d[ .-])\d(?:[ .-]?\d){12,}(?![0-9A-Za-z])(?![ .-]\d)`, 'g');

// A CVV-like value: 3 or 4 digits after cvv, cvv2, cvc, cvc2 or cid (any case) and `=`, `:` or
// spaces (plain, JSON-quoted, or percent-encoded once or twice).
const CVV_VALUE = new RegExp(String.raw`${START}(cvv2?|cvc2?|cid)(["']?(?:\s*[=:]\s*|\s+|%(?:25)?3[DdAa]|%(?:25)?20)["']?)(\d{3,4})(?!\d)`, 'gi');

/**
 * Masks card data in free text (a gateway's error message, a log line, a base string), the one
 * routine every package uses:
 *
 * - a **digit run** of 13 or more digits, the digits at most one space, dot or hyphen apart
 *   (`4111111111111111`, `4111 1111 1111 1111`, `4111.1111.1111.1111`, `4111-1111-1111-1111`), not
 *   glued to letters or digits, is a card number: shown as first 6 + last 4 when it is a
 *   valid-shaped PAN (14-19 digits, Luhn-valid), masked entirely otherwise (every digit a `*`,
 *   separators kept: a failed check digit or a 20-digit run may be a PAN with a CVV after it);
 * - a **CVV**: 3 or 4 digits after `cvv`, `cvv2`, `cvc`, `cvc2` or `cid` (any case) and `=`,
 *   `:` or spaces (also `%3D`, as in a base string), masked entirely.
 *
 * Shorter numbers (amounts, dates, phone numbers, IPv4 addresses) are left alone.
 *
 * @example
 * ```ts
 * redactCardData('card 4111.1111.1111.1111 refused, cvv2=987'); // 'card 411111******1111 refused, cvv2=***'
 * redactCardData('Invalid CVV 987 for 4111111111111112'); // 'Invalid CVV *** for ****************'
 * ```
 */
export function redactCardData(text: string): string {
  if (typeof text !== 'string') return text;
  return text
    .replace(DIGIT_RUN, (run) => {
      const digits = run.replace(/[ .-]/g, '');
      return isShowablePan(digits) ? `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}` : run.replace(/\d/g, '*');
    })
    .replace(CVV_VALUE, (_match, word: string, separator: string, cvv: string) => `${word}${separator}${'*'.repeat(cvv.length)}`);
}

/**
 * The former name of {@link redactCardData}, kept so existing imports work.
 *
 * @deprecated Use {@link redactCardData}.
 * @example
 * ```ts
 * maskPansInText('card 4111111111111111 declined'); // 'card 411111******1111 declined'
 * ```
 */
export const maskPansInText: (text: string) => string = redactCardData;
