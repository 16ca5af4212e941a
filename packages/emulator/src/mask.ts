/**
 * Masks a card number as first 6 + last 4 digits, as PCI DSS allows to display; shorter values
 * are masked entirely.
 *
 * @example
 * ```ts
 * maskPan('4111111111111111'); // '411111******1111'
 * ```
 */
export function maskPan(pan: string): string {
  if (pan.length < 13) return '*'.repeat(pan.length);
  return `${pan.slice(0, 6)}${'*'.repeat(pan.length - 10)}${pan.slice(-4)}`;
}
