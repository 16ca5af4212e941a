/**
 * A reply's `status`: the values public sources show for the gateway's replies
 * (docs/reference/response-format.md: `approved`, `declined`, `error`, `filtered`, `processing`,
 * `unknown`), and any other string the gateway may send (the spec: "the status list: not shown"),
 * so that completion still suggests the known ones.
 *
 * @example
 * ```ts
 * import type { GatewayStatus } from '@paysign/gateway';
 *
 * const final = (status: GatewayStatus | undefined) => status === 'approved' || status === 'declined' || status === 'filtered' || status === 'error';
 * ```
 */
// `string & {}` keeps the named values in editors' completion: a plain `| string` would absorb them.
export type GatewayStatus = 'approved' | 'declined' | 'error' | 'filtered' | 'processing' | 'unknown' | (string & {});

/**
 * A reply of the gateway that is not a failure.
 *
 * @example
 * ```ts
 * import type { GatewayResult } from '@paysign/gateway';
 *
 * const result: GatewayResult = await client.updateRecurringPayments([update]);
 * if (result.empty) console.log('accepted');
 * else console.log(result.type, result.status, result.serialNumber, result.paynetOrderId); // key your callbacks on paynetOrderId
 * ```
 */
export interface GatewayResult {
  /** The HTTP status (2xx). */
  httpStatus: number;
  /**
   * `true` for HTTP 2xx with an empty body: the spec's success example for
   * update-recurring-payments ("success is HTTP 200 with an empty body"), a success without details.
   */
  empty: boolean;
  /** `type`, such as `update-recurring-payment-response` or `status-response`. */
  type?: string;
  /** `status`, such as `approved`, `processing`, `declined`. */
  status?: GatewayStatus;
  /** `serial-number`: the gateway's unique number for this request. */
  serialNumber?: string;
  /**
   * `paynet-order-id`: the gateway's order id. A callback names the same order as `orderid`: keep it
   * as the order's `gatewayOrderId` for `createCallbackHandler`.
   */
  paynetOrderId?: string;
  /** Every field of the reply, decoded: `+` as a space, the trailing `\n` of each value removed. */
  fields: Readonly<Record<string, string>>;
}
