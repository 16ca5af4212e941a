/**
 * The spec's field table of the recurring payment (update-recurring-payments), row by row, then
 * the further CSV columns whose necessity, type and length the spec does not show.
 *
 * Two readings of the table, chosen so that no valid data is refused and no data is truncated:
 * - "amount-sequence | Numeric | 10": the 10 applies to each amount of the list (a whole list
 *   of at most 10 characters would hold two amounts), and each must be a decimal.
 * - "order_desc | String | 65K": 65 535 characters, the smaller reading of "65K".
 * - "birthday | Numeric date, format DD.MM.YYYY | 8": the 8 counts the digits of DD.MM.YYYY.
 *
 * Every row is a `FieldSpec` (test/types/field-tables.ts checks it when the tests compile).
 *
 * @example
 * ```ts
 * import { recurringPaymentFields } from '@paysign/protocol/wire';
 *
 * const amount = recurringPaymentFields.find((field) => field.wire === 'amount');
 * console.log(amount?.kind, amount?.maxLength); // 'decimal' 10
 * ```
 */
export const recurringPaymentFields = [
  { property: 'clientOrderId', wire: 'client-orderid', necessity: 'R', kind: 'string', maxLength: 128 },
  { property: 'recurringPaymentId', wire: 'recurring-payment-id', necessity: 'R', kind: 'string', maxLength: 128 },
  { property: 'creditCardNumber', wire: 'credit-card-number', necessity: 'R', kind: 'digits', maxLength: 19, sensitive: 'card-number' },
  { property: 'cardPrintedName', wire: 'card-printed-name', necessity: 'R', kind: 'string', maxLength: 128, sensitive: 'personal' },
  { property: 'expireYear', wire: 'expire-year', necessity: 'R', kind: 'digits', maxLength: 4 },
  { property: 'expireMonth', wire: 'expire-month', necessity: 'R', kind: 'digits', maxLength: 2 },
  { property: 'amount', wire: 'amount', necessity: 'C', kind: 'decimal', maxLength: 10 },
  { property: 'amountFrom', wire: 'amount-from', necessity: 'C', kind: 'decimal', maxLength: 10 },
  { property: 'amountTo', wire: 'amount-to', necessity: 'C', kind: 'decimal', maxLength: 10 },
  { property: 'amountSequence', wire: 'amount-sequence', necessity: 'C', kind: 'decimal-list', maxLength: 10 },
  { property: 'period', wire: 'period', necessity: 'C', kind: 'string', maxLength: 32, notForDst: true },
  { property: 'interval', wire: 'interval', necessity: 'C', kind: 'int', notForDst: true },
  { property: 'country', wire: 'country', necessity: 'O', kind: 'string', maxLength: 2 },
  { property: 'city', wire: 'city', necessity: 'O', kind: 'string', maxLength: 128 },
  { property: 'address1', wire: 'address1', necessity: 'O', kind: 'string', maxLength: 256, sensitive: 'personal' },
  { property: 'firstName', wire: 'first-name', necessity: 'O', kind: 'string', maxLength: 128, sensitive: 'personal' },
  { property: 'lastName', wire: 'last-name', necessity: 'O', kind: 'string', maxLength: 128, sensitive: 'personal' },
  { property: 'customerIp', wire: 'customer-ip', necessity: 'O', kind: 'string', maxLength: 45, sensitive: 'personal' },
  { property: 'orderDesc', wire: 'order_desc', necessity: 'O', kind: 'string', maxLength: 65_535 },
  { property: 'zipCode', wire: 'zip-code', necessity: 'O', kind: 'string', maxLength: 10, sensitive: 'personal' },
  { property: 'birthday', wire: 'birthday', necessity: 'O', kind: 'date', sensitive: 'personal' },
  { property: 'email', wire: 'email', necessity: 'O', kind: 'string', maxLength: 128, sensitive: 'personal' },
  { property: 'ssn', wire: 'ssn', necessity: 'O', kind: 'string', maxLength: 32, sensitive: 'personal' },
  { property: 'phone', wire: 'phone', necessity: 'O', kind: 'string', maxLength: 128, notForDst: true, sensitive: 'personal' },
  { property: 'state', wire: 'state', necessity: 'O', kind: 'string', minLength: 2, maxLength: 3, notForDst: true },
  { property: 'startDate', wire: 'start-date', necessity: 'O', kind: 'date' },
  { property: 'finishDate', wire: 'finish-date', necessity: 'O', kind: 'date' },
  { property: 'maxRepeatsNumber', wire: 'max-repeats-number', necessity: 'O', kind: 'int' },
  { property: 'purpose', wire: 'purpose', necessity: 'O', kind: 'string', maxLength: 128 },
  { property: 'notifyUrl', wire: 'notify_url', necessity: 'O', kind: 'url', maxLength: 1024 },
  { property: 'serverCallbackUrl', wire: 'server_callback_url', necessity: 'O', kind: 'url', maxLength: 128 },
  // Further CSV header columns: necessity, type and length not shown.
  { property: 'paymentDescription', wire: 'payment-description', necessity: '?', kind: 'string' },
  { property: 'currency', wire: 'currency', necessity: '?', kind: 'string' },
  { property: 'type', wire: 'type', necessity: '?', kind: 'string' },
  { property: 'currentRepeatsNumber', wire: 'current-repeats-number', necessity: '?', kind: 'int' },
  { property: 'cvv2', wire: 'cvv2', necessity: '?', kind: 'digits', sensitive: 'card-verification' },
] as const;

/**
 * The CSV header spells the callback column `notify-url` beside the table's `notify_url`. Both
 * name the same callback address; a row is read with either spelling, and giving both is refused.
 *
 * @example
 * ```ts
 * import { NOTIFY_URL_CSV_ALIAS } from '@paysign/protocol/wire';
 *
 * const callbackUrl = row.notify_url ?? row[NOTIFY_URL_CSV_ALIAS]; // either spelling of the column
 * ```
 */
export const NOTIFY_URL_CSV_ALIAS = 'notify-url';

/**
 * The camelCase property names of a recurring payment.
 *
 * @example
 * ```ts
 * import type { RecurringPaymentProperty } from '@paysign/protocol';
 *
 * const sortKey: RecurringPaymentProperty = 'clientOrderId';
 * ```
 */
export type RecurringPaymentProperty = (typeof recurringPaymentFields)[number]['property'];

/**
 * The wire (CSV column) names of a recurring payment.
 *
 * @example
 * ```ts
 * import type { RecurringPaymentWireName } from '@paysign/protocol';
 *
 * const column: RecurringPaymentWireName = 'client-orderid';
 * ```
 */
export type RecurringPaymentWireName = (typeof recurringPaymentFields)[number]['wire'];

/**
 * Wire name by property, for mapping typed payments onto CSV rows.
 *
 * @example
 * ```ts
 * import { recurringPaymentWireNames } from '@paysign/protocol/wire';
 *
 * recurringPaymentWireNames.clientOrderId; // 'client-orderid'
 * recurringPaymentWireNames.orderDesc; // 'order_desc'
 * ```
 */
export const recurringPaymentWireNames: Readonly<Record<RecurringPaymentProperty, RecurringPaymentWireName>> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ recurringPaymentFields.map((field) => [field.property, field.wire]),
) as Record<RecurringPaymentProperty, RecurringPaymentWireName>;
