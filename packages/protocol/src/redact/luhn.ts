/**
 * Whether a digit string passes the Luhn (mod 10) check of ISO/IEC 7812-1. Anything but the
 * digits 0-9 (a separator, a sign, an empty string) fails it. This is the one Luhn check of the
 * project: validation, masking and the emulator all use it.
 *
 * @example
 * ```ts
 * luhnValid('4111111111111111'); // true
 * luhnValid('4111111111111112'); // false
 * luhnValid('4111 1111 1111 1111'); // false: remove separators first
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
