import type { Pair } from './base-string-parts.js';

// The forms paysign's own masking leaves (redact/redact.ts, @paysign/gateway's redactCardData and
// redactBaseString): a PAN as first 6 + stars + last 4, a value of stars only (a CVV, or a PAN
// that is not card-shaped), a payload cut to 8 characters and its length, a `[redacted ...]` marker.
const MASKED = [/^\d{6}\*+\d{4}$/, /^\*{3,}$/, /^.{0,8}…\[\d+ chars\]$/, /^\[redacted[^\]]*\]$/];

/**
 * The names of the parameters whose values are masked card data (copied from masked output), in
 * the order they appear, each once. The signature covers the real values, so a request holding
 * any of them cannot be checked.
 *
 * @example
 * ```ts
 * maskedParameters([['credit_card_number', '411111******1111'], ['cvv2', '***'], ['amount', '10.00']]);
 * // ['credit_card_number', 'cvv2']
 * ```
 */
export function maskedParameters(pairs: readonly Pair[]): string[] {
  const names = pairs.filter(([, value]) => MASKED.some((form) => form.test(value))).map(([name]) => name);
  return [...new Set(names)];
}
