// The masked forms other than a card number's (mask-pan.ts): every form paysign shows in place of a
// secret is made here or there, and recognised by isMasked below, beside them.

/**
 * What a personal value (name, e-mail, address, SSN...) or an unknown field shows instead of its
 * value: that it is set, not what it holds.
 *
 * @example
 * ```ts
 * import { REDACTED } from '@paysign/protocol';
 *
 * const shown = { email: REDACTED }; // { email: '[redacted]' }
 * ```
 */
export const REDACTED = '[redacted]';

/**
 * Masks a card verification value (CVV2, CVC2): one `*` per character, nothing of it shown.
 *
 * @example
 * ```ts
 * maskCardVerification('987'); // '***'
 * ```
 */
export function maskCardVerification(value: string): string {
  return '*'.repeat([...value].length);
}

/**
 * The form of update-recurring-payments' `payload` (the Base64 of a CSV holding card numbers and
 * CVVs): its length only, counted in Base64 characters (a percent-escape counts as the one
 * character it stands for). Nothing of the CSV is shown.
 *
 * @example
 * ```ts
 * maskPayload('Y2xpZW50LW9yZGVyLWlk'); // '[payload, 20 Base64 characters]'
 * maskPayload('YQ%253D%253D'); // '[payload, 4 Base64 characters]'
 * ```
 */
export function maskPayload(value: string): string {
  const length = value.replace(/%(?:25)*[0-9A-Fa-f]{2}/g, '=').length;
  return `[payload, ${length} Base64 characters]`;
}

// What each form leaves, found anywhere in a value: a PAN's 6 + stars + 4 or a value all stars
// (maskPan, maskCardVerification, redactCardData's runs, separators kept), the redacted marker, a payload's length.
const MASKED_FORMS = [/\*(?:(?:[ +._/-]|%(?:25)*[0-9A-Fa-f]{2})?\*){2,}/, /\[redacted\]/, /\[payload, \d+ Base64 characters\]/];

/**
 * Whether a value holds a masked form (copied from masked output: a page, a log, a terminal): a
 * card number as first 6 + stars + last 4, a value of stars (a CVV, a card number masked
 * entirely), `[redacted]`, or `[payload, N Base64 characters]`. Such a value cannot be the one
 * that was signed.
 *
 * @example
 * ```ts
 * isMasked('411111******1111'); // true
 * isMasked('[payload, 60 Base64 characters]'); // true
 * isMasked('4111111111111111'); // false
 * ```
 */
export function isMasked(value: string): boolean {
  return MASKED_FORMS.some((form) => form.test(value));
}
