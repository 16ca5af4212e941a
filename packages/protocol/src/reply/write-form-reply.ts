/**
 * Encodes a reply as the gateway does: `application/x-www-form-urlencoded` pairs (`+` for a
 * space), each value followed by a raw `\n` before the `&` of the next pair, as in
 * `type=status-response\n&serial-number=...\n` (docs/reference/real-status-response.txt).
 *
 * @example
 * ```ts
 * encodeGatewayReply([['type', 'validation-error'], ['error-message', 'Row 1: amount']]);
 * // 'type=validation-error\n&error-message=Row+1%3A+amount\n'
 * ```
 */
export function encodeGatewayReply(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([name, value]) => `${new URLSearchParams([[name, value]]).toString()}\n`).join('&');
}
