// Column names of the update-recurring-payments CSV, from docs/gateway-api.md
// ("Recurring payment (as written by update-recurring-payments)" and "update-recurring-payments").

/**
 * The header of the spec's plain-text CSV example, in its order: the 27 columns a request
 * carries when nothing else is needed.
 *
 * @example
 * ```ts
 * encodeCsv(rows, { columns: recurringPaymentExampleColumns });
 * ```
 */
export const recurringPaymentExampleColumns: readonly RecurringPaymentColumn[] = /* @__PURE__ */ Object.freeze([
  'client-orderid',
  'recurring-payment-id',
  'payment-description',
  'first-name',
  'last-name',
  'address1',
  'city',
  'zip-code',
  'country',
  'state',
  'phone',
  'email',
  'customer-ip',
  'period',
  'interval',
  'start-date',
  'finish-date',
  'max-repeats-number',
  'amount',
  'amount-from',
  'amount-to',
  'amount-sequence',
  'currency',
  'card-printed-name',
  'credit-card-number',
  'expire-month',
  'expire-year',
]);

/**
 * The columns the spec names beyond the example header: first the further header names it lists
 * for the request example, in its order (`payment-description` and `currency` are already in the
 * example header), then the field-table names that are not in the example header, in table order.
 * `notify-url` and `notify_url` are two names the spec gives; both are kept, as written.
 *
 * @example
 * ```ts
 * encodeCsv(rows, { columns: [...recurringPaymentExampleColumns, 'cvv2'] });
 * ```
 */
export const recurringPaymentFurtherColumns: readonly RecurringPaymentColumn[] = /* @__PURE__ */ Object.freeze([
  // "Further column names that appear in the CSV header of the request example"
  'type',
  'current-repeats-number',
  'cvv2',
  'notify-url',
  // Field-table rows absent from the example header
  'order_desc',
  'birthday',
  'ssn',
  'purpose',
  'notify_url',
  'server_callback_url',
]);

/**
 * Every column the spec names for update-recurring-payments (37): the example header's 27 in its
 * order, then {@link recurringPaymentFurtherColumns}. Pass a subset or this whole list as
 * `columns`; cells a row leaves `undefined` are written empty.
 *
 * @example
 * ```ts
 * recurringPaymentColumns.slice(0, 3); // ['client-orderid', 'recurring-payment-id', 'payment-description']
 * recurringPaymentColumns.length; // 37
 * ```
 */
export const recurringPaymentColumns: readonly RecurringPaymentColumn[] = /* @__PURE__ */ Object.freeze([
  ...recurringPaymentExampleColumns,
  ...recurringPaymentFurtherColumns,
]);

/**
 * A row of the update-recurring-payments CSV: one recurring payment to update.
 *
 * @example
 * ```ts
 * import { recurringPaymentColumns, type RecurringPaymentRow } from '@paysign/protocol/wire';
 * import { encodePayload } from '@paysign/payload-codec';
 *
 * const row: RecurringPaymentRow = { 'client-orderid': 'order-1', 'recurring-payment-id': '7701', amount: '10.42' };
 * const payload = encodePayload([row], { columns: recurringPaymentColumns });
 * ```
 */
export type RecurringPaymentRow = Partial<Record<RecurringPaymentColumn, string>>;

/**
 * One of the column names in {@link recurringPaymentColumns}.
 *
 * @example
 * ```ts
 * import type { RecurringPaymentColumn } from '@paysign/protocol/wire';
 *
 * const idColumns: RecurringPaymentColumn[] = ['client-orderid', 'recurring-payment-id'];
 * ```
 */
export type RecurringPaymentColumn =
  | 'client-orderid'
  | 'recurring-payment-id'
  | 'payment-description'
  | 'first-name'
  | 'last-name'
  | 'address1'
  | 'city'
  | 'zip-code'
  | 'country'
  | 'state'
  | 'phone'
  | 'email'
  | 'customer-ip'
  | 'period'
  | 'interval'
  | 'start-date'
  | 'finish-date'
  | 'max-repeats-number'
  | 'amount'
  | 'amount-from'
  | 'amount-to'
  | 'amount-sequence'
  | 'currency'
  | 'card-printed-name'
  | 'credit-card-number'
  | 'expire-month'
  | 'expire-year'
  | 'type'
  | 'current-repeats-number'
  | 'cvv2'
  | 'notify-url'
  | 'order_desc'
  | 'birthday'
  | 'ssn'
  | 'purpose'
  | 'notify_url'
  | 'server_callback_url';
