/**
 * The callback checksum of the gateway family (docs/reference/callbacks.md, not the spec): the
 * lowercase hex SHA-1 of `status + orderid + merchant_order + control key`, plain concatenation.
 * WebCrypto only, so it runs on Node, Deno, Bun, workerd and browsers alike.
 *
 * @example
 * ```ts
 * await callbackControl({ status: 'approved', orderid: '1234567', merchantOrder: 'hf-abc' }, 'test-merchant-control');
 * // '652ace404c4dfe8bba069ecee594ec23a89340e1'
 * ```
 */
export async function callbackControl(fields: { status: string; orderid: string; merchantOrder: string }, controlKey: string): Promise<string> {
  const data = new TextEncoder().encode(`${fields.status}${fields.orderid}${fields.merchantOrder}${controlKey}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', data));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Compares two strings of equal length in time independent of where they differ; unequal lengths
 * are simply unequal (the callback checksum's length is public: 40 hex digits).
 *
 * @example
 * ```ts
 * constantTimeEqual(received.toLowerCase(), await callbackControl(fields, controlKey)); // true or false
 * ```
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
