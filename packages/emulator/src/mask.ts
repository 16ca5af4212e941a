import { maskPan as gatewayMaskPan } from '@paysign/spec';

/**
 * Masks a card number with the one rule of `@paysign/gateway`: a valid-shaped PAN (14-19 digits,
 * Luhn-valid) as first 6 + last 4 digits, as PCI DSS allows to display; any other value entirely.
 *
 * @example
 * ```ts
 * maskPan('4111111111111111'); // '411111******1111'
 * maskPan('4111111111111112'); // '****************' (fails Luhn)
 * ```
 */
export const maskPan: (pan: string) => string = gatewayMaskPan;
