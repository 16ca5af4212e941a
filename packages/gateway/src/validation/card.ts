/**
 * Whether a digit string passes the Luhn (mod 10) check of ISO/IEC 7812-1.
 *
 * @example
 * ```ts
 * luhnValid('4111111111111111'); // true
 * luhnValid('4111111111111112'); // false
 * ```
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Masks a card number for messages and logs: the first 6 and last 4 characters stay (as PCI DSS
 * allows), the rest become `*`. Numbers too short to hide at least 4 characters that way are
 * masked entirely.
 *
 * @example
 * ```ts
 * maskPan('4111111111111111'); // '411111******1111'
 * maskPan('12345'); // '*****'
 * ```
 */
export function maskPan(pan: string): string {
  const chars = [...pan];
  if (chars.length < 14) return '*'.repeat(chars.length);
  return chars.slice(0, 6).join('') + '*'.repeat(chars.length - 10) + chars.slice(-4).join('');
}

/**
 * Masks card numbers in free text, such as a gateway's error message, so that a card number it
 * echoes is not passed on: every run of 13-19 digits, and 4-digit groups split by spaces or
 * hyphens (`4111 1111 1111 1111`). Hyphenated ids such as serial numbers are left alone.
 *
 * @example
 * ```ts
 * maskPansInText('card 4111111111111111 declined'); // 'card 411111******1111 declined'
 * ```
 */
export function maskPansInText(text: string): string {
  return text
    .replace(/(?<![\d-])\d{4}(?:([ -])\d{4}){2}(?:\1\d{1,7})(?![\d-])/g, (run) => maskPan(run.replace(/[ -]/g, '')))
    .replace(/(?<!\d)\d{13,19}(?!\d)/g, maskPan);
}
