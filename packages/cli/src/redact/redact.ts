// Nothing the CLI prints may show a card number, CVV or key: every line goes through here.

/** Parameter names whose values are card numbers, CVVs or payloads that carry them. */
const CARD_NUMBER = new Set(['credit-card-number', 'credit_card_number', 'destination-card-no', 'card-number']);
const CVV = new Set(['cvv2', 'cvv']);

/**
 * Masks a card number as first 6 + last 4 digits (shorter values entirely).
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

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

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
 * Masks every standalone run of 13-19 digits that passes the Luhn check (a card number wherever
 * it hides: a base string, a body, an error message; digits inside a nonce or Base64 are not
 * standalone), and the values of `cvv2=` and `payload=` in plain or encoded text.
 *
 * @example
 * ```ts
 * redactText('pan=4111111111111111&cvv2=123'); // 'pan=411111******1111&cvv2=***'
 * ```
 */
export function redactText(text: string): string {
  return text
    .replace(/(?<=^|[^0-9A-Za-z]|%3D|%253D|%2C|%252C)[0-9]{13,19}(?![0-9A-Za-z])/g, (digits) => (luhnValid(digits) ? maskPan(digits) : digits))
    .replace(/(?<=^|[^A-Za-z0-9]|%26|%2526)(cvv2?)((?:=|%3D|%253D))([0-9]{3,4})(?![0-9])/gi, (_m, name: string, eq: string, cvv: string) => `${name}${eq}${'*'.repeat(cvv.length)}`)
    .replace(/(?<=^|[^A-Za-z0-9]|%26|%2526)(payload)((?:=|%3D|%253D))([A-Za-z0-9+/=%]{17,})/g, (_m, name: string, eq: string, value: string) => `${name}${eq}${value.slice(0, 8)}…[${value.length} chars]`);
}
