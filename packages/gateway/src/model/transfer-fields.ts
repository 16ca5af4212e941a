import type { FieldSpec } from './field-spec.js';

/**
 * The body parameters of transfer, spelled exactly as the spec lists them (mostly snake_case,
 * but `destination-card-no` with hyphens). Types, lengths and necessity are not shown; the kinds
 * below come from the list ("amount (decimal)", "deposit2card (boolean)", "redirect_url (URL)")
 * and from the same-named recurring-payment fields (card number, expiry, CVV).
 */
export const transferFields = [
  { property: 'amount', wire: 'amount', necessity: '?', kind: 'decimal' },
  { property: 'cardPrintedName', wire: 'card_printed_name', necessity: '?', kind: 'string', maxLength: 128 },
  { property: 'cardRecurringPaymentId', wire: 'card_recurring_payment_id', necessity: '?', kind: 'string' },
  { property: 'clientOrderId', wire: 'client_orderid', necessity: '?', kind: 'string', maxLength: 128 },
  { property: 'creditCardNumber', wire: 'credit_card_number', necessity: '?', kind: 'digits', maxLength: 19 },
  { property: 'currency', wire: 'currency', necessity: '?', kind: 'string' },
  { property: 'cvv2', wire: 'cvv2', necessity: '?', kind: 'digits' },
  { property: 'deposit2card', wire: 'deposit2card', necessity: '?', kind: 'boolean' },
  { property: 'destinationCardNo', wire: 'destination-card-no', necessity: '?', kind: 'digits', maxLength: 19 },
  { property: 'destinationCardRecurringPaymentId', wire: 'destination_card_recurring_payment_id', necessity: '?', kind: 'string' },
  { property: 'expireMonth', wire: 'expire_month', necessity: '?', kind: 'digits', maxLength: 2 },
  { property: 'expireYear', wire: 'expire_year', necessity: '?', kind: 'digits', maxLength: 4 },
  { property: 'ipaddress', wire: 'ipaddress', necessity: '?', kind: 'string' },
  { property: 'orderDesc', wire: 'order_desc', necessity: '?', kind: 'string', maxLength: 65_535 },
  { property: 'redirectUrl', wire: 'redirect_url', necessity: '?', kind: 'url' },
] as const satisfies readonly FieldSpec[];

/** The body parameters of pan-eligibility/send: note `client-order-id`, a third spelling. */
export const panEligibilitySendFields = [
  { property: 'clientOrderId', wire: 'client-order-id', necessity: 'R', kind: 'string' },
  { property: 'sendingCardRefId', wire: 'sending-card-ref-id', necessity: 'R', kind: 'string' },
] as const satisfies readonly FieldSpec[];
