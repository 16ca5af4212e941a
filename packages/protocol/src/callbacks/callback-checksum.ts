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
