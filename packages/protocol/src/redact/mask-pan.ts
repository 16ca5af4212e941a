import { luhnValid } from './luhn.js';

// A card number as people write it: digits, optionally split by single spaces, dots, hyphens,
// underscores, slashes or `+` (the separators of redactCardData).
const WRITTEN_PAN = /^\d(?:[ +._/-]?\d)*$/;
const SEPARATORS = /[ +._/-]/g;

/**
 * The project's one rule for what may be shown of a card number: 14-19 digits that pass the Luhn
 * check (a valid-shaped PAN). Only such a number is shown as first 6 + last 4; a 13-digit one
 * would keep only 3 digits hidden, and any other value (too long, too short, a failed check
 * digit, letters) may be a PAN with a CVV pasted after it, so nothing of it is shown. A 17-19
 * digit number whose first digits, without its last 3 or 4, are themselves a Luhn-valid PAN of
 * 13 digits or more is taken for such a PAN + CVV too (a real 17-19 digit PAN is then masked
 * entirely: the safe side).
 *
 * @example
 * ```ts
 * isShowablePan('4111111111111111'); // true
 * isShowablePan('4111111111111111987'); // false: a PAN with a CVV after it
 * isShowablePan('4111 1111 1111 1111'); // false: digits only
 * ```
 */
export function isShowablePan(digits: string): boolean {
  if (digits.length < 14 || digits.length > 19 || !luhnValid(digits)) return false;
  if (digits.length < 17) return true;
  return !luhnValid(digits.slice(0, -3)) && !luhnValid(digits.slice(0, -4));
}

/**
 * Masks a card number for messages and logs. A valid-shaped PAN (14-19 digits, Luhn-valid,
 * optionally written with single space, dot, hyphen, underscore or slash separators) keeps its first 6 and last 4
 * digits, as PCI DSS allows, separators dropped; any other value is masked ENTIRELY, one `*` per
 * character, since its last characters may be a CVV typed after the number.
 *
 * @example
 * ```ts
 * maskPan('4111111111111111'); // '411111******1111'
 * maskPan('4111 1111 1111 1111'); // '411111******1111'
 * maskPan('4111_1111_1111_1111'); // '411111******1111'
 * maskPan('4111111111111111987'); // '*******************' (fails Luhn: may end with a CVV)
 * maskPan('12345'); // '*****'
 * ```
 */
export function maskPan(pan: string): string {
  if (typeof pan !== 'string') return '[not a string]';
  const digits = WRITTEN_PAN.test(pan) ? pan.replace(SEPARATORS, '') : '';
  if (isShowablePan(digits)) return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
  return '*'.repeat([...pan].length);
}
