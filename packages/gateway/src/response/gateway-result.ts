/**
 * A reply of the gateway that is not a failure.
 *
 * @example
 * ```ts
 * import type { GatewayResult } from '@paysign/gateway';
 *
 * const result: GatewayResult = await client.updateRecurringPayments([update]);
 * if (result.empty) console.log('accepted');
 * else console.log(result.type, result.status, result.serialNumber);
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
  status?: string;
  /** `serial-number`: the gateway's unique number for this request. */
  serialNumber?: string;
  /** Every field of the reply, decoded: `+` as a space, the trailing `\n` of each value removed. */
  fields: Readonly<Record<string, string>>;
}
