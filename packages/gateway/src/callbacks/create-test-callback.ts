import { callbackControl, GatewayValidationError, type ValidationIssue } from '@paysign/protocol';

/**
 * What {@link createTestCallback} puts in the callback: the callback URL, the control key it is
 * signed with, the three signed values, and any other parameter as the gateway would send it
 * (wire names: `amount`, `type`, `client_orderid`, `comment`, ...), as text.
 *
 * @example
 * ```ts
 * import type { TestCallbackOptions } from '@paysign/gateway';
 *
 * const options: TestCallbackOptions = { url: 'https://shop.example/callbacks', controlKey, status: 'approved', orderid: '1234567', merchantOrder: 'order-55', amount: '10.00' };
 * ```
 */
export interface TestCallbackOptions {
  /** The callback URL the merchant gave (`server_callback_url` or `notify_url`): absolute, `http:` or `https:`. */
  readonly url: string | URL;
  /** The merchant's control key, which the checksum is made with. */
  readonly controlKey: string;
  /** Signed: the final status (`approved`, `declined`, `filtered`, `error`, `unknown`). */
  readonly status: string;
  /** Signed: the gateway's order id. */
  readonly orderid: string;
  /** Signed: the merchant's order id, sent as `merchant_order` (and as `client_orderid` unless that is given). */
  readonly merchantOrder: string;
  /** Not signed: any other parameter, by its wire name. */
  readonly [field: string]: string | URL | undefined;
}

// What the options name that is not a parameter of the callback, and what the checksum makes.
const NOT_PARAMETERS = new Set(['url', 'controlKey', 'status', 'orderid', 'merchantOrder']);

/**
 * The `Request` the gateway would send for a callback (docs/reference/callbacks.md): a `GET` to
 * `url` with `status`, `orderid`, `merchant_order`, `client_orderid` (the merchant order, unless
 * given), the other fields, and `control`, the checksum of `status + orderid + merchant_order +
 * controlKey` made by `@paysign/protocol`'s `callbackControl`, the one the handler checks. For
 * unit tests of a callback handler: {@link createCallbackHandler} with the same control key
 * accepts it, with another it refuses it (`checksum_mismatch`). Nothing is sent.
 *
 * @throws {GatewayValidationError} `INVALID_OPTIONS` naming the option: a `url` that is not an
 *   absolute http(s) URL or already holds one of the callback's parameters, an empty
 *   `controlKey`, a value that is not text.
 * @example
 * ```ts
 * import { createCallbackHandler, createTestCallback } from '@paysign/gateway';
 *
 * const handler = createCallbackHandler({ controlKey, findOrder: (id) => orders.get(id), onCallback: (callback, order) => {
 *   order.state = callback.status;
 * } });
 * const request = await createTestCallback({ url: 'https://shop.example/callbacks', controlKey, status: 'approved', orderid: '1234567', merchantOrder: 'order-55', amount: '10.00' });
 * const response = await handler(request); // 200, and order-55 is approved
 * ```
 */
export async function createTestCallback(options: TestCallbackOptions): Promise<Request> {
  const issues: ValidationIssue[] = [];
  const invalid = (field: string, message: string) => issues.push({ field, rule: 'invalid-option', message });
  if (options === null || typeof options !== 'object')
    throw new GatewayValidationError([{ field: 'options', rule: 'invalid-option', message: 'must be an object' }], 'INVALID_OPTIONS');
  let url: URL | undefined;
  try {
    url = new URL(String(options.url));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') invalid('url', 'must be an http: or https: URL');
  } catch {
    invalid('url', 'must be an absolute URL');
  }
  if (typeof options.controlKey !== 'string' || options.controlKey === '') invalid('controlKey', 'must be a non-empty string');
  const query: [string, string][] = [];
  for (const [option, name] of [
    ['status', 'status'],
    ['orderid', 'orderid'],
    ['merchantOrder', 'merchant_order'],
  ] as const) {
    const value = options[option];
    if (typeof value !== 'string') invalid(option, 'must be text');
    else query.push([name, value]);
  }
  const fields = Object.entries(options).filter(([name]) => !NOT_PARAMETERS.has(name));
  for (const [name, value] of fields) {
    if (name === 'control' || name === 'merchant_order') invalid(name, `is made from the options (${name === 'control' ? 'the checksum' : 'merchantOrder'})`);
    else if (typeof value !== 'string') invalid(name, 'must be text');
    else query.push([name, value]);
  }
  if (!fields.some(([name]) => name === 'client_orderid') && typeof options.merchantOrder === 'string') query.push(['client_orderid', options.merchantOrder]);
  // A name given twice is a refusal (duplicate_parameter): the URL must not already hold one.
  for (const [name] of query) if (url?.searchParams.has(name)) invalid('url', `already holds the parameter ${name}, which the callback sets`);
  if (issues.length > 0 || url === undefined) throw new GatewayValidationError(issues, 'INVALID_OPTIONS');

  const control = await callbackControl({ status: options.status, orderid: options.orderid, merchantOrder: options.merchantOrder }, options.controlKey);
  for (const [name, value] of [...query, ['control', control] as const]) url.searchParams.append(name, value);
  return new Request(url, { method: 'GET' });
}
