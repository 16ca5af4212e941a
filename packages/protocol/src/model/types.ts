// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
/**
 * A decimal amount as text, such as `'10.42'`: never a float, so no cent is ever lost.
 *
 * @example
 * ```ts
 * import type { DecimalString } from '@paysign/protocol';
 *
 * const amount: DecimalString = '10.42'; // not 10.42: a float may not hold the cents exactly
 * ```
 */
export type DecimalString = string;

/**
 * A calendar date: `DD.MM.YYYY` text, or a `Date` (read in UTC: `new Date('2025-01-31')`).
 *
 * @example
 * ```ts
 * import type { DateInput } from '@paysign/protocol';
 *
 * const startDate: DateInput = '01.02.2026'; // DD.MM.YYYY
 * const finishDate: DateInput = new Date('2026-12-31'); // read in UTC
 * ```
 */
export type DateInput = string | Date;

/**
 * An integer field: a number or its decimal text.
 *
 * @example
 * ```ts
 * import type { IntegerInput } from '@paysign/protocol';
 *
 * const interval: IntegerInput = 2;
 * const expireYear: IntegerInput = '2029';
 * ```
 */
export type IntegerInput = number | string;

/**
 * Rule 1: exactly one amount mode. A fixed amount for every charge.
 *
 * @example
 * ```ts
 * import type { FixedAmount } from '@paysign/protocol';
 *
 * const mode: FixedAmount = { amount: '10.42' };
 * ```
 */
export interface FixedAmount {
  amount: DecimalString;
  amountFrom?: never;
  amountTo?: never;
  amountSequence?: never;
}

/**
 * Rule 2: every charge is a random amount between `amountFrom` and `amountTo`.
 *
 * @example
 * ```ts
 * import type { RandomAmount } from '@paysign/protocol';
 *
 * const mode: RandomAmount = { amountFrom: '5.00', amountTo: '15.00' };
 * ```
 */
export interface RandomAmount {
  amount?: never;
  amountFrom: DecimalString;
  amountTo: DecimalString;
  amountSequence?: never;
}

/**
 * Rule 3: charges take the amounts in order; after the last, the last repeats.
 *
 * @example
 * ```ts
 * import type { AmountSequence } from '@paysign/protocol';
 *
 * // 10, 20, then 30 for every later charge
 * const mode: AmountSequence = { amountSequence: ['10.00', '20.00', '30.00'] };
 * ```
 */
export interface AmountSequence {
  amount?: never;
  amountFrom?: never;
  amountTo?: never;
  amountSequence: readonly DecimalString[];
}

/**
 * Exactly one amount mode (rule 1).
 *
 * @example
 * ```ts
 * import type { AmountMode } from '@paysign/protocol';
 *
 * const fixed: AmountMode = { amount: '10.42' };
 * // @ts-expect-error two amount modes at once do not compile (rule 1)
 * const both: AmountMode = { amount: '10.42', amountFrom: '5.00', amountTo: '15.00' };
 * ```
 */
export type AmountMode = FixedAmount | RandomAmount | AmountSequence;

/**
 * Rule 5: the schedule's unit.
 *
 * @example
 * ```ts
 * import type { Period } from '@paysign/protocol';
 *
 * const period: Period = 'month';
 * ```
 */
export type Period = 'day' | 'week' | 'month';

/**
 * Rule 4: `period` and `interval` together (rule 6: the interval multiplies the period)...
 *
 * @example
 * ```ts
 * import type { Schedule } from '@paysign/protocol';
 *
 * const everyTwoWeeks: Schedule = { period: 'week', interval: 2 };
 * ```
 */
export interface Schedule {
  period: Period;
  interval: IntegerInput;
}

/**
 * ...or neither.
 *
 * @example
 * ```ts
 * import type { NoSchedule, RecurringPaymentUpdate } from '@paysign/protocol';
 *
 * // An update that leaves the schedule as the gateway has it: no period, no interval.
 * const keep: NoSchedule = {};
 * const update: RecurringPaymentUpdate = { ...card, amount: '10.42', ...keep };
 * ```
 */
export interface NoSchedule {
  period?: never;
  interval?: never;
}

/**
 * Rule 8: `notifyUrl` or `serverCallbackUrl`, not both.
 *
 * @example
 * ```ts
 * import type { Callback } from '@paysign/protocol';
 *
 * const callback: Callback = { serverCallbackUrl: 'https://merchant.example/gateway/callback' };
 * ```
 */
export type Callback = { notifyUrl?: string; serverCallbackUrl?: never } | { notifyUrl?: never; serverCallbackUrl?: string };

/**
 * The type of a recurring payment: SRC and DST are named by the spec, `auto` is used too.
 *
 * @example
 * ```ts
 * import type { RecurringPaymentType } from '@paysign/protocol';
 *
 * const type: RecurringPaymentType = 'SRC';
 * ```
 */
export type RecurringPaymentType = 'SRC' | 'DST' | 'auto' | (string & {});

/**
 * The fields every recurring-payment update carries, besides the unions above.
 *
 * @example
 * ```ts
 * import type { RecurringPaymentFields } from '@paysign/protocol';
 *
 * const card: RecurringPaymentFields = {
 *   clientOrderId: 'order-1',
 *   recurringPaymentId: '7701',
 *   creditCardNumber: '4111111111111111',
 *   cardPrintedName: 'JOHN DOE',
 *   expireYear: 2029,
 *   expireMonth: 12,
 * };
 * ```
 */
export interface RecurringPaymentFields {
  /** `client-orderid`: the merchant's order id (max 128). */
  clientOrderId: string;
  /** `recurring-payment-id`: the id the gateway assigned (max 128). */
  recurringPaymentId: string;
  /** `credit-card-number`: digits only, Luhn-valid, max 19. */
  creditCardNumber: string;
  /** `card-printed-name` (max 128). */
  cardPrintedName: string;
  /** `expire-year`: digits, max 4. */
  expireYear: IntegerInput;
  /** `expire-month`: 1-12. */
  expireMonth: IntegerInput;
  /** `country` (max 2). With US, CA or AU a `state` is required (unless the type is DST). */
  country?: string;
  city?: string;
  address1?: string;
  firstName?: string;
  lastName?: string;
  /** `customer-ip` (max 45). */
  customerIp?: string;
  /** `order_desc` (max 65 535). */
  orderDesc?: string;
  zipCode?: string;
  birthday?: DateInput;
  email?: string;
  ssn?: string;
  /** Full international number; not supported for DST. */
  phone?: string;
  /** State code (2-3); required for US, CA and AU; not supported for DST. */
  state?: string;
  /** Date of the first scheduled charge. */
  startDate?: DateInput;
  /** Date of the last charge; not before `startDate`. */
  finishDate?: DateInput;
  /** The repeats counter stops the payment when it reaches this number (first charge: index 0). */
  maxRepeatsNumber?: IntegerInput;
  purpose?: string;
  paymentDescription?: string;
  /** ISO 4217 code; must equal the project's currency (rule 7). */
  currency?: string;
  type?: RecurringPaymentType;
  /** The repeats counter; 0 makes an amount sequence start at its first amount (rule 3). */
  currentRepeatsNumber?: IntegerInput;
  cvv2?: string;
}

/**
 * One recurring payment to update: most invalid combinations do not compile.
 *
 * @example
 * ```ts
 * import { createGatewayClient, type RecurringPaymentUpdate } from '@paysign/gateway';
 *
 * const update: RecurringPaymentUpdate = {
 *   clientOrderId: 'order-1',
 *   recurringPaymentId: '7701',
 *   creditCardNumber: '4111111111111111',
 *   cardPrintedName: 'JOHN DOE',
 *   expireYear: 2029,
 *   expireMonth: 12,
 *   amount: '10.42',
 *   period: 'month',
 *   interval: 1,
 * };
 * await createGatewayClient(options).updateRecurringPayments([update]);
 * ```
 */
export type RecurringPaymentUpdate = RecurringPaymentFields & AmountMode & (Schedule | NoSchedule) & Callback;

/**
 * The input of pan-eligibility/send (wire: `client-order-id`, `sending-card-ref-id`).
 *
 * @example
 * ```ts
 * import { createGatewayClient, type PanEligibilitySendRequest } from '@paysign/gateway';
 *
 * const request: PanEligibilitySendRequest = { clientOrderId: 'order-1', sendingCardRefId: 'ref-9' };
 * const result = await createGatewayClient(options).panEligibilitySend(request);
 * ```
 */
export interface PanEligibilitySendRequest {
  clientOrderId: string;
  sendingCardRefId: string;
}

/**
 * The source of a transfer: a card by number, or a card reference.
 *
 * @example
 * ```ts
 * import type { TransferSource } from '@paysign/protocol';
 *
 * const byReference: TransferSource = { cardRecurringPaymentId: '7701' };
 * ```
 */
export type TransferSource =
  | {
      /** `credit_card_number` */
      creditCardNumber: string;
      /** `expire_month` */
      expireMonth: IntegerInput;
      /** `expire_year` */
      expireYear: IntegerInput;
      /** `cvv2` */
      cvv2?: string;
      /** `card_printed_name` */
      cardPrintedName?: string;
      cardRecurringPaymentId?: never;
    }
  | {
      /** `card_recurring_payment_id` */
      cardRecurringPaymentId: string;
      creditCardNumber?: never;
      expireMonth?: never;
      expireYear?: never;
      cvv2?: never;
      cardPrintedName?: never;
    };

/**
 * The destination of a transfer: a card by number, or a card reference.
 *
 * @example
 * ```ts
 * import type { TransferDestination } from '@paysign/protocol';
 *
 * const toCard: TransferDestination = { destinationCardNo: '5555555555554444' };
 * ```
 */
export type TransferDestination =
  | { /** `destination-card-no` */ destinationCardNo: string; destinationCardRecurringPaymentId?: never }
  | { /** `destination_card_recurring_payment_id` */ destinationCardRecurringPaymentId: string; destinationCardNo?: never };

/**
 * The input of transfer. The spec does not show which parameters are required; see the README.
 *
 * @example
 * ```ts
 * import { createGatewayClient, type TransferRequest } from '@paysign/gateway';
 *
 * const transfer: TransferRequest = {
 *   clientOrderId: 'order-2',
 *   amount: '25.00',
 *   currency: 'EUR',
 *   cardRecurringPaymentId: '7701',
 *   destinationCardNo: '5555555555554444',
 * };
 * const result = await createGatewayClient(options).transfer(transfer);
 * ```
 */
export type TransferRequest = {
  /** `client_orderid` */
  clientOrderId: string;
  /** `amount` (decimal) */
  amount: DecimalString;
  /** `currency` */
  currency: string;
  /** `deposit2card` (boolean, sent as `true`/`false`) */
  deposit2card?: boolean;
  /** `ipaddress` */
  ipaddress?: string;
  /** `order_desc` */
  orderDesc?: string;
  /** `redirect_url` (URL) */
  redirectUrl?: string;
} & TransferSource &
  TransferDestination;
