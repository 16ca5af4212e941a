// Nothing the CLI prints may show a card number, CVV or key: every line goes through here.
import { maskPan as gatewayMaskPan, redactCardData } from '@paysign/gateway';

/** Parameter names whose values are card numbers, CVVs or payloads that carry them. */
const CARD_NUMBER = new Set(['credit-card-number', 'credit_card_number', 'destination-card-no', 'card-number']);
const CVV = new Set(['cvv2', 'cvv']);

/**
 * Masks a card number with the one rule of `@paysign/gateway`: a valid-shaped PAN (14-19 digits,
 * Luhn-valid) as first 6 + last 4 digits, any other value entirely.
 *
 * @example
 * ```ts
 * maskPan('4111111111111111'); // '411111******1111'
 * ```
 */
export const maskPan: (pan: string) => string = gatewayMaskPan;

/**
 * Masks a parameter value for display by its name: card numbers as 6 + 4, CVVs entirely, a
 * `payload` (Base64 CSV with card data) by its length only.
 *
 * @example
 * ```ts
 * redactValue('cvv2', '123'); // '***'
 * ```
 */
export function redactValue(name: string, value: string): string {
  if (CARD_NUMBER.has(name)) return maskPan(value);
  if (CVV.has(name)) return '*'.repeat(value.length);
  if (name === 'payload') return value.length <= 16 ? value : `${value.slice(0, 8)}…[${value.length} chars]`;
  return redactText(value);
}

/**
 * Masks card data with `@paysign/gateway`'s `redactCardData` (every run of 13 or more digits,
 * also written with space, dot, hyphen, underscore or slash separators, whatever is glued to it,
 * as 6 + 4 when a valid-shaped PAN and entirely otherwise; 3-4 digit values after cvv, cvv2, cvc, cvc2 or cid with `=`, `:` or a
 * space, plain or percent-encoded), then shortens the value of `payload=` (a Base64 CSV with
 * card data) in plain or encoded text.
 *
 * @example
 * ```ts
 * redactText('pan=4111111111111111&cvv2=123'); // 'pan=411111******1111&cvv2=***'
 * ```
 */
export function redactText(text: string): string {
  return redactCardData(text).replace(
    /(?<=^|[^A-Za-z0-9]|%26|%2526)(payload)((?:=|%3D|%253D))([A-Za-z0-9+/=%]{17,})/g,
    (_m, name: string, eq: string, value: string) => `${name}${eq}${value.slice(0, 8)}…[${value.length} chars]`,
  );
}
