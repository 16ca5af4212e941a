// Decimal amounts as the spec writes them (`10`, `10.42`: ASCII digits, an optional dot and
// fraction), compared and stepped exactly, in integer units of a given scale: never through a
// binary floating-point number, which cannot hold 0.1.

const DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * Whether a value is a decimal amount such as `10` or `10.42`.
 *
 * @example
 * ```ts
 * isDecimal('10.42'); // true
 * isDecimal('1e3'); // false
 * ```
 */
export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/**
 * Compares two decimal amounts exactly: negative, zero or positive.
 *
 * @example
 * ```ts
 * compareDecimals('10.5', '10.50'); // 0
 * compareDecimals('9.99', '10'); // -1
 * ```
 */
export function compareDecimals(a: string, b: string): number {
  const width = Math.max(scaleOf(a), scaleOf(b));
  const left = toUnits(a, width);
  const right = toUnits(b, width);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * How many digits a decimal amount has after its dot.
 *
 * @example
 * ```ts
 * scaleOf('7.5'); // 1
 * scaleOf('10'); // 0
 * ```
 */
export function scaleOf(amount: string): number {
  const dot = amount.indexOf('.');
  return dot < 0 ? 0 : amount.length - dot - 1;
}

/**
 * A decimal amount as a whole number of units of `10^-scale` (`scale` at least its own scale).
 *
 * @example
 * ```ts
 * toUnits('7.5', 2); // 750n
 * ```
 */
export function toUnits(amount: string, scale: number): bigint {
  const [whole = '', fraction = ''] = amount.split('.');
  return BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
}

/**
 * Writes a whole number of units of `10^-scale` as a decimal amount with exactly `scale` digits after the dot.
 *
 * @example
 * ```ts
 * fromUnits(750n, 2); // '7.50'
 * fromUnits(5n, 2); // '0.05'
 * ```
 */
export function fromUnits(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
}
