import { GatewayValidationError } from '../errors.js';
import { callbackControl, constantTimeEqual } from '@paysign/spec';

/**
 * A callback whose checksum matched: what the gateway says happened to an order.
 *
 * @example
 * ```ts
 * import { verifyCallback, type GatewayCallback } from '@paysign/gateway';
 *
 * const result = await verifyCallback(new URLSearchParams(await request.text()), { controlKey });
 * if (result.ok) {
 *   const callback: GatewayCallback = result.callback;
 *   console.log(callback.merchantOrder, callback.status);
 * }
 * ```
 */
export interface GatewayCallback {
  /** Final status: `approved`, `declined`, `filtered`, `error` (or `unknown`). */
  status: string;
  /** The gateway's order id. */
  orderid: string;
  /** The merchant's order id (`merchant_order`, else `client_orderid`). */
  merchantOrder: string;
  /** `client_orderid` as sent (else `merchant_order`). */
  clientOrderId: string;
  /** The transaction type (`sale`, `reversal`, ...), `''` when absent. */
  type: string;
  /** The amount as sent, `''` when absent. */
  amount: string;
  /** Every parameter, as sent (one value per name). */
  params: Readonly<Record<string, string>>;
}

/**
 * Why a callback was refused.
 *
 * @example
 * ```ts
 * import { verifyCallback, type CallbackRefusalReason } from '@paysign/gateway';
 *
 * const result = await verifyCallback(params, { controlKey });
 * if (!result.ok) {
 *   const reason: CallbackRefusalReason = result.reason;
 *   console.warn(`callback refused: ${reason}`); // e.g. checksum_mismatch: not from the gateway, or another control key
 * }
 * ```
 */
export type CallbackRefusalReason =
  | 'missing_control' // no `control` parameter: never valid, even with every other field empty
  | 'malformed_control' // not 40 hex digits
  | 'duplicate_parameter' // a name given twice: which value was signed is ambiguous
  | 'checksum_mismatch'; // the checksum does not match this control key

/**
 * The outcome of {@link verifyCallback}.
 *
 * @example
 * ```ts
 * import { verifyCallback, type CallbackVerification } from '@paysign/gateway';
 *
 * const verification: CallbackVerification = await verifyCallback(params, { controlKey });
 * return new Response(verification.ok ? 'OK' : 'refused', { status: verification.ok ? 200 : 403 });
 * ```
 */
export type CallbackVerification = { ok: true; callback: GatewayCallback } | { ok: false; reason: CallbackRefusalReason };

/**
 * What a callback's parameters may be given as.
 *
 * @example
 * ```ts
 * import { verifyCallback, type CallbackParams } from '@paysign/gateway';
 *
 * const fromQuery: CallbackParams = new URL(request.url).searchParams; // a GET callback
 * const fromObject: CallbackParams = { status: 'approved', orderid: '902', merchant_order: 'order-1', control: '...' };
 * await verifyCallback(fromQuery, { controlKey });
 * ```
 */
export type CallbackParams = URLSearchParams | Iterable<readonly [string, string]> | Readonly<Record<string, string>>;

const HEX40 = /^[0-9a-fA-F]{40}$/;

function pairsOf(params: CallbackParams): [string, string][] {
  if (typeof params !== 'object' || params === null) return [];
  if (params instanceof URLSearchParams) return [...params];
  if (Symbol.iterator in Object(params)) return [...(params as Iterable<readonly [string, string]>)].map(([name, value]) => [String(name), String(value)]);
  return Object.entries(params as Record<string, string>).map(([name, value]) => [name, String(value)]);
}

/**
 * Verifies a gateway callback: `control` must be the SHA-1 checksum of `status + orderid +
 * merchant_order + controlKey` (docs/reference/callbacks.md; the spec does not show the
 * callback's content). Compared in constant time; a missing, short, long or non-hex `control`
 * is a refusal, never an exception. Never throws on any parameters; the control key never
 * appears in the result.
 *
 * @throws {GatewayValidationError} `INVALID_OPTIONS` when `controlKey` is not a non-empty string
 *   (with an empty key anyone could compute the checksum).
 * @example
 * ```ts
 * const result = await verifyCallback(new URL(request.url).searchParams, { controlKey: 'test-merchant-control' });
 * if (result.ok) console.log(result.callback.status, result.callback.orderid);
 * else console.log('refused:', result.reason); // 'checksum_mismatch', ...
 * ```
 */
export async function verifyCallback(params: CallbackParams, options: { controlKey: string }): Promise<CallbackVerification> {
  assertControlKey(options?.controlKey);
  const pairs = pairsOf(params);
  const byName: Record<string, string> = {};
  for (const [name, value] of pairs) {
    if (Object.hasOwn(byName, name)) return { ok: false, reason: 'duplicate_parameter' };
    byName[name] = value;
  }
  const control = byName.control;
  if (control === undefined) return { ok: false, reason: 'missing_control' };
  if (!HEX40.test(control)) return { ok: false, reason: 'malformed_control' };
  const status = byName.status ?? '';
  const orderid = byName.orderid ?? '';
  const merchantOrder = byName.merchant_order ?? byName.client_orderid ?? '';
  const expected = await callbackControl({ status, orderid, merchantOrder }, options.controlKey);
  if (!constantTimeEqual(control.toLowerCase(), expected)) return { ok: false, reason: 'checksum_mismatch' };
  return {
    ok: true,
    callback: {
      status,
      orderid,
      merchantOrder,
      clientOrderId: byName.client_orderid ?? merchantOrder,
      type: byName.type ?? '',
      amount: byName.amount ?? '',
      params: Object.freeze({ ...byName }),
    },
  };
}

/**
 * Refuses a control key that is not a non-empty string: with an empty key, anyone could compute
 * the checksum of a forged callback.
 *
 * @throws {GatewayValidationError} `INVALID_OPTIONS`.
 * @example
 * ```ts
 * assertControlKey(process.env.CONTROL_KEY); // throws when it is unset
 * ```
 */
export function assertControlKey(controlKey: unknown): asserts controlKey is string {
  if (typeof controlKey !== 'string' || controlKey === '') {
    throw new GatewayValidationError(
      [{ field: 'controlKey', rule: 'required', message: "controlKey: must be the merchant's non-empty control key" }],
      'INVALID_OPTIONS',
    );
  }
}
