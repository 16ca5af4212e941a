// Nothing the CLI prints may show a card number, CVV or key: every line goes through here.
import { redactCardData } from '@paysign/protocol';

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
