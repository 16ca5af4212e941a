/**
 * The body parameters of transfer, spelled exactly as the spec lists them (mostly snake_case,
 * but `destination-card-no` with hyphens). The spec shows no types, lengths or necessity: the
 * kinds come from its list ("amount (decimal)", "deposit2card (boolean)", "redirect_url (URL)"),
 * and every field has a length cap, taken from the same-named recurring-payment field where
 * there is one (amount 10, card_printed_name 128, client_orderid 128, card numbers 19, expiry
 * 2 and 4, order_desc 65 535, ipaddress 45 as customer-ip) and chosen by this library otherwise
 * (the recurring-payment ids 128 as recurring-payment-id, currency 3 as ISO 4217, cvv2 4,
 * deposit2card 5 for "false", redirect_url 1024 as notify_url). `ipaddress` must be an IPv4 or
 * IPv6 address. Every row is a `FieldSpec` (test/types/field-tables.ts checks it when the tests compile).
 *
 * @example
 * ```ts
 * import { transferFields } from '@paysign/protocol/wire';
 *
 * const wireNames = transferFields.map((field) => field.wire); // ['amount', 'card_printed_name', ..., 'destination-card-no', ...]
 * ```
 */
export const transferFields = [
  { property: 'amount', wire: 'amount', necessity: '?', kind: 'decimal', maxLength: 10 },
  { property: 'cardPrintedName', wire: 'card_printed_name', necessity: '?', kind: 'string', maxLength: 128, sensitive: 'personal' },
  { property: 'cardRecurringPaymentId', wire: 'card_recurring_payment_id', necessity: '?', kind: 'string', maxLength: 128 },
  { property: 'clientOrderId', wire: 'client_orderid', necessity: '?', kind: 'string', maxLength: 128 },
  { property: 'creditCardNumber', wire: 'credit_card_number', necessity: '?', kind: 'digits', maxLength: 19, sensitive: 'card-number' },
  { property: 'currency', wire: 'currency', necessity: '?', kind: 'string', maxLength: 3 },
  { property: 'cvv2', wire: 'cvv2', necessity: '?', kind: 'digits', maxLength: 4, sensitive: 'card-verification' },
  { property: 'deposit2card', wire: 'deposit2card', necessity: '?', kind: 'boolean', maxLength: 5 },
  { property: 'destinationCardNo', wire: 'destination-card-no', necessity: '?', kind: 'digits', maxLength: 19, sensitive: 'card-number' },
  { property: 'destinationCardRecurringPaymentId', wire: 'destination_card_recurring_payment_id', necessity: '?', kind: 'string', maxLength: 128 },
  { property: 'expireMonth', wire: 'expire_month', necessity: '?', kind: 'digits', maxLength: 2 },
  { property: 'expireYear', wire: 'expire_year', necessity: '?', kind: 'digits', maxLength: 4 },
  { property: 'ipaddress', wire: 'ipaddress', necessity: '?', kind: 'ip', maxLength: 45, sensitive: 'personal' },
  { property: 'orderDesc', wire: 'order_desc', necessity: '?', kind: 'string', maxLength: 65_535 },
  { property: 'redirectUrl', wire: 'redirect_url', necessity: '?', kind: 'url', maxLength: 1024 },
] as const;

/**
 * The body parameters of pan-eligibility/send: note `client-order-id`, a third spelling. Lengths
 * are not shown; both are capped at 128 like client-orderid. Every row is a `FieldSpec`, checked
 * like the other tables.
 *
 * @example
 * ```ts
 * import { panEligibilitySendFields } from '@paysign/protocol/wire';
 *
 * panEligibilitySendFields.map((field) => field.wire); // ['client-order-id', 'sending-card-ref-id']
 * ```
 */
export const panEligibilitySendFields = [
  { property: 'clientOrderId', wire: 'client-order-id', necessity: 'R', kind: 'string', maxLength: 128 },
  { property: 'sendingCardRefId', wire: 'sending-card-ref-id', necessity: 'R', kind: 'string', maxLength: 128 },
] as const;
