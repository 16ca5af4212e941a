import { formatCalendarDate } from './calendar-date.js';
import type { FieldSpec } from './field-spec.js';
import { NOTIFY_URL_CSV_ALIAS, recurringPaymentFields, type RecurringPaymentProperty } from './recurring-payment-fields.js';
import type { RecurringPaymentUpdate } from './types.js';

/**
 * A recurring payment as read from a CSV row: camelCase names, the values as the row wrote them.
 *
 * @example
 * ```ts
 * import { fromWireRow } from '@paysign/protocol/wire';
import { type RecurringPaymentRecord } from '@paysign/protocol';
 *
 * const record: RecurringPaymentRecord = fromWireRow({ 'client-orderid': 'order-1', 'amount-sequence': '10.00,20.00' });
 * record.clientOrderId; // 'order-1'
 * record.amountSequence; // ['10.00', '20.00']
 * ```
 */
export type RecurringPaymentRecord = {
  [K in RecurringPaymentProperty]?: K extends 'amountSequence' ? string[] : string;
};

/** Writes one value of a typed request as wire text: lists joined by `,`, dates as DD.MM.YYYY. */
export function toWireValue(_field: FieldSpec, value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  if (value instanceof Date) return formatCalendarDate(value);
  return String(value);
}

/**
 * Maps a recurring payment onto a CSV row of update-recurring-payments: wire names as keys
 * (`clientOrderId` -> `client-orderid`, `orderDesc` -> `order_desc`, ...), text values; fields
 * that are `undefined` are left out. Validate first: this mapping does not check anything.
 *
 * @example
 * ```ts
 * toWireRow({ clientOrderId: 'order-1', recurringPaymentId: '77', creditCardNumber: '4111111111111111',
 *   cardPrintedName: 'JOHN DOE', expireYear: 2030, expireMonth: 12, amountSequence: ['1.00', '2.50'] });
 * // { 'client-orderid': 'order-1', ..., 'expire-year': '2030', 'amount-sequence': '1.00,2.50' }
 * ```
 */
export function toWireRow(payment: RecurringPaymentUpdate): Record<string, string> {
  const row: Record<string, string> = {};
  const source = payment as unknown as Record<string, unknown>;
  for (const field of recurringPaymentFields) {
    const value = source[field.property];
    if (value !== undefined) row[field.wire] = toWireValue(field, value);
  }
  return row;
}

/**
 * Reads a CSV row of update-recurring-payments (wire names as keys) into camelCase names. Empty
 * cells are left out; `amount-sequence` is split at `,`; `notify-url` (the CSV header's spelling)
 * is read as `notifyUrl` when `notify_url` is absent. Values stay text: validate the row with
 * `checkRecurringPaymentRows` to know they are well-formed.
 *
 * @example
 * ```ts
 * fromWireRow({ 'client-orderid': 'order-1', 'amount-sequence': '1.00,2.50', period: '' });
 * // { clientOrderId: 'order-1', amountSequence: ['1.00', '2.50'] }
 * ```
 */
export function fromWireRow(row: Readonly<Record<string, string | undefined>>): RecurringPaymentRecord {
  const record: Record<string, string | string[]> = {};
  for (const field of recurringPaymentFields) {
    const value = row[field.wire];
    if (value === undefined || value === '') continue;
    record[field.property] = field.kind === 'decimal-list' ? value.split(',') : value;
  }
  const alias = row[NOTIFY_URL_CSV_ALIAS];
  if (record.notifyUrl === undefined && alias !== undefined && alias !== '') record.notifyUrl = alias;
  return record as RecurringPaymentRecord;
}
