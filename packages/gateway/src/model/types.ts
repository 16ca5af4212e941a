// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
/** A decimal amount as text, such as `'10.42'`: never a float, so no cent is ever lost. */
export type DecimalString = string;

/** A calendar date: `DD.MM.YYYY` text, or a `Date` (read in UTC: `new Date('2025-01-31')`). */
export type DateInput = string | Date;

/** An integer field: a number or its decimal text. */
export type IntegerInput = number | string;

/** Rule 1: exactly one amount mode. A fixed amount for every charge. */
export interface FixedAmount {
  amount: DecimalString;
  amountFrom?: never;
  amountTo?: never;
  amountSequence?: never;
}

/** Rule 2: every charge is a random amount between `amountFrom` and `amountTo`. */
export interface RandomAmount {
  amount?: never;
  amountFrom: DecimalString;
  amountTo: DecimalString;
  amountSequence?: never;
}

/** Rule 3: charges take the amounts in order; after the last, the last repeats. */
export interface AmountSequence {
  amount?: never;
  amountFrom?: never;
  amountTo?: never;
  amountSequence: readonly DecimalString[];
}

/** Exactly one amount mode (rule 1). */
export type AmountMode = FixedAmount | RandomAmount | AmountSequence;

/** Rule 5: the schedule's unit. */
export type Period = 'day' | 'week' | 'month';

/** Rule 4: `period` and `interval` together (rule 6: the interval multiplies the period)... */
export interface Schedule {
  period: Period;
  interval: IntegerInput;
}

/** ...or neither. */
export interface NoSchedule {
  period?: never;
  interval?: never;
}

/** Rule 8: `notifyUrl` or `serverCallbackUrl`, not both. */
export type Callback = { notifyUrl?: string; serverCallbackUrl?: never } | { notifyUrl?: never; serverCallbackUrl?: string };

/** The type of a recurring payment: SRC and DST are named by the spec, `auto` is used too. */
export type RecurringPaymentType = 'SRC' | 'DST' | 'auto' | (string & {});

/** The fields every recurring-payment update carries, besides the unions above. */
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

/** One recurring payment to update: most invalid combinations do not compile. */
export type RecurringPaymentUpdate = RecurringPaymentFields & AmountMode & (Schedule | NoSchedule) & Callback;

/** The input of pan-eligibility/send (wire: `client-order-id`, `sending-card-ref-id`). */
export interface PanEligibilitySendRequest {
  clientOrderId: string;
  sendingCardRefId: string;
}

/** The source of a transfer: a card by number, or a card reference. */
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

/** The destination of a transfer: a card by number, or a card reference. */
export type TransferDestination =
  | { /** `destination-card-no` */ destinationCardNo: string; destinationCardRecurringPaymentId?: never }
  | { /** `destination_card_recurring_payment_id` */ destinationCardRecurringPaymentId: string; destinationCardNo?: never };

/** The input of transfer. The spec does not show which parameters are required; see the README. */
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
