import type { FieldSpec } from './field-spec.js';
import { panEligibilitySendFields, transferFields } from './transfer-fields.js';
import type { PanEligibilitySendRequest, TransferRequest } from './types.js';
import { toWireValue } from './wire-row.js';

function mapToWire(input: object, fields: readonly FieldSpec[]): Record<string, string> {
  const params: Record<string, string> = {};
  const source = input as Record<string, unknown>;
  for (const field of fields) {
    const value = source[field.property];
    if (value !== undefined) params[field.wire] = toWireValue(field, value);
  }
  return params;
}

/**
 * Maps a transfer request onto its body parameters, spelled as the spec lists them
 * (`client_orderid`, `credit_card_number`, `destination-card-no`, `deposit2card` as
 * `true`/`false`, ...). Validate first: this mapping checks nothing.
 *
 * @example
 * ```ts
 * toTransferParams({ clientOrderId: 'o-1', amount: '10.00', currency: 'EUR', cardRecurringPaymentId: 's-1',
 *   destinationCardNo: '4111111111111111', deposit2card: true });
 * // { amount: '10.00', card_recurring_payment_id: 's-1', client_orderid: 'o-1', currency: 'EUR',
 * //   deposit2card: 'true', 'destination-card-no': '4111111111111111' }
 * ```
 */
export function toTransferParams(request: TransferRequest): Record<string, string> {
  return mapToWire(request, transferFields);
}

/**
 * Maps a pan-eligibility/send request onto its body parameters: `client-order-id` and
 * `sending-card-ref-id`.
 *
 * @example
 * ```ts
 * toPanEligibilitySendParams({ clientOrderId: 'o-1', sendingCardRefId: 'ref-9' });
 * // { 'client-order-id': 'o-1', 'sending-card-ref-id': 'ref-9' }
 * ```
 */
export function toPanEligibilitySendParams(request: PanEligibilitySendRequest): Record<string, string> {
  return mapToWire(request, panEligibilitySendFields);
}
