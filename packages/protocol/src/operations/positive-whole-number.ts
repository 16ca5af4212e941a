/**
 * Whether a value is a positive whole number JavaScript holds exactly (1 to 2^53 - 1): the rule of
 * every count, cap and timeout option of the client, the edge proxy and the emulator, and of the
 * edge's numeric environment variables (given as their text, digits only).
 *
 * @example
 * ```ts
 * import { isPositiveWholeNumber } from '@paysign/protocol';
 *
 * isPositiveWholeNumber(30_000); // true
 * isPositiveWholeNumber('42'); // true: digits only
 * [0, -1, 1.5, Number.NaN, 2 ** 53, '042', '4e3', ' 42'].some(isPositiveWholeNumber); // false
 * ```
 */
export function isPositiveWholeNumber(value: unknown): boolean {
  if (typeof value === 'string') return /^[1-9][0-9]*$/.test(value) && Number.isSafeInteger(Number(value));
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}
