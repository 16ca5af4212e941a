import { GatewayValidationError } from '../errors.js';
import { timingSafeEqual } from '@paysign/oauth-core';
import { callbackControl } from '@paysign/protocol';

/**
 * A callback's final status (docs/reference/callbacks.md), lower case.
 *
 * @example
 * ```ts
 * import type { CallbackStatus } from '@paysign/gateway';
 *
 * const paid = (status: CallbackStatus) => status === 'approved';
 * ```
 */
export type CallbackStatus = 'approved' | 'declined' | 'filtered' | 'error' | 'unknown';

/**
 * A callback whose checksum matched. Only `status`, `orderid` and `merchantOrder` are covered by
 * the checksum; every other parameter is in `unverified`, as sent, and anyone who saw one
 * callback can change it (`amount`, `type`, `client_orderid`, `comment`, ...).
 *
 * @example
 * ```ts
 * import { verifyCallback, type GatewayCallback } from '@paysign/gateway';
 *
 * const result = await verifyCallback(new URL(request.url).searchParams, { controlKey });
 * if (result.ok) {
 *   const callback: GatewayCallback = result.callback;
 *   console.log(callback.merchantOrder, callback.status); // signed: key your order on merchantOrder
 *   console.log(callback.unverified.amount); // not signed: compare it with your order, never trust it
 * }
 * ```
 */
export interface GatewayCallback {
  /** Signed. The final status, lower-cased. */
  readonly status: CallbackStatus;
  /** Signed. The gateway's order id: one or more ASCII digits. */
  readonly orderid: string;
  /** Signed. The merchant's order id (`merchant_order`, else `client_orderid`): never empty. */
  readonly merchantOrder: string;
  /**
   * Whether the signed string `status + orderid + merchant_order` splits into these three values
   * in one way only: true when `merchantOrder` does not start with a digit. When false, digits can
   * have been moved between `orderid` and `merchantOrder` with the same checksum (a captured
   * (`9021`, `55`) resent as (`902`, `155`)): tie the callback to the gateway order id you hold.
   */
  readonly splitUnique: boolean;
  /** NOT covered by the checksum: every other parameter as sent (`amount`, `type`, `client_orderid`, ...). */
  readonly unverified: Readonly<Record<string, string>>;
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
  | 'unknown_status' // `status` is not one of approved, declined, filtered, error, unknown
  | 'malformed_orderid' // `orderid` is not one or more ASCII digits
  | 'missing_merchant_order' // neither `merchant_order` nor `client_orderid` is given and non-empty
  | 'checksum_mismatch'; // the checksum does not match this control key

/**
 * The outcome of {@link verifyCallback}.
 *
 * @example
 * ```ts
 * import { verifyCallback, type CallbackParams, type CallbackVerification } from '@paysign/gateway';
 *
 * async function onCallback(params: CallbackParams): Promise<Response> {
 *   const verification: CallbackVerification = await verifyCallback(params, { controlKey });
 *   return new Response(verification.ok ? 'OK' : 'refused', { status: verification.ok ? 200 : 403 });
 * }
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
// None of the words is a prefix of another, and an order id is digits: so the signed string's
// status ends at one place, and when merchant_order starts with a non-digit, so does orderid.
const STATUS = /^(?:approved|declined|filtered|error|unknown)$/i;
const ORDER_ID = /^[0-9]+$/;
const LEADING_DIGIT = /^[0-9]/;

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
 * is a refusal, never an exception. `status` must be one of the final statuses (any case),
 * `orderid` one or more digits and the merchant order non-empty, else the callback is refused
 * as malformed. Never throws on any parameters; the control key never appears in the result.
 *
 * The result holds only what the checksum covers (`status`, `orderid`, `merchantOrder`);
 * every other parameter is in `callback.unverified`. See {@link GatewayCallback.splitUnique}
 * for what the checksum cannot tell apart.
 *
 * @throws {GatewayValidationError} `INVALID_OPTIONS` when `controlKey` is not a non-empty string
 *   (with an empty key anyone could compute the checksum).
 * @example
 * ```ts
 * const result = await verifyCallback(new URL(request.url).searchParams, { controlKey: 'test-merchant-control' });
 * if (result.ok) console.log(result.callback.status, result.callback.orderid, result.callback.merchantOrder);
 * else console.log('refused:', result.reason); // 'checksum_mismatch', ...
 * ```
 */
export async function verifyCallback(params: CallbackParams, options: { controlKey: string }): Promise<CallbackVerification> {
  assertControlKey(options?.controlKey);
  const byName = new Map<string, string>();
  for (const [name, value] of pairsOf(params)) {
    if (byName.has(name)) return { ok: false, reason: 'duplicate_parameter' };
    byName.set(name, value);
  }
  const control = byName.get('control');
  if (control === undefined) return { ok: false, reason: 'missing_control' };
  if (!HEX40.test(control)) return { ok: false, reason: 'malformed_control' };
  const status = byName.get('status') ?? '';
  if (!STATUS.test(status)) return { ok: false, reason: 'unknown_status' };
  const orderid = byName.get('orderid') ?? '';
  if (!ORDER_ID.test(orderid)) return { ok: false, reason: 'malformed_orderid' };
  const merchantOrderName = byName.has('merchant_order') ? 'merchant_order' : 'client_orderid';
  const merchantOrder = byName.get(merchantOrderName) ?? '';
  if (merchantOrder === '') return { ok: false, reason: 'missing_merchant_order' };
  const expected = await callbackControl({ status, orderid, merchantOrder }, options.controlKey);
  if (!timingSafeEqual(control.toLowerCase(), expected)) return { ok: false, reason: 'checksum_mismatch' };
  const signed = new Set(['control', 'status', 'orderid', merchantOrderName]);
  return {
    ok: true,
    callback: {
      status: status.toLowerCase() as CallbackStatus,
      orderid,
      merchantOrder,
      splitUnique: !LEADING_DIGIT.test(merchantOrder),
      unverified: Object.freeze(Object.fromEntries([...byName].filter(([name]) => !signed.has(name)))),
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
