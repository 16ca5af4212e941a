// Nothing the CLI prints may show a card number, CVV or key: every line goes through here.
import { escapeLogValue } from '@paysign/emulator';
import { redactCardData } from '@paysign/protocol';

/**
 * Masks card data with `@paysign/protocol`'s `redactCardData`, the one masking rule of every
 * package: card numbers with any separators (space, `+`, dot, hyphen, underscore, slash) at any
 * percent-encoding depth as 6 + 4 or entirely, CVVs as stars, a `payload=` as its length.
 *
 * @example
 * ```ts
 * redactText('pan=4111111111111111&cvv2=123'); // 'pan=411111******1111&cvv2=***'
 * ```
 */
export function redactText(text: string): string {
  return redactCardData(text);
}

/**
 * Text that came from a request (a file, a flag, a header) as it may reach a terminal: control
 * characters (ESC, BEL, CR, LF...), line separators and bidi overrides escaped, card data masked.
 *
 * @example
 * ```ts
 * terminalText('HMAC-SHA1\u001b]0;owned\u0007'); // 'HMAC-SHA1\\x1b]0;owned\\x07'
 * ```
 */
export function terminalText(text: string): string {
  return escapeLogValue(redactCardData(text));
}
