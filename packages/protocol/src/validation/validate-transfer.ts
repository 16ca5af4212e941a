import type { FieldSpec } from '../model/field-spec.js';
import { panEligibilitySendFields, transferFields } from '../model/transfer-fields.js';
import type { PanEligibilitySendRequest, TransferRequest } from '../model/types.js';
import { checkCurrency, checkExpireMonth, checkField, isGiven, IssueList } from './check-field.js';
import { typedToWire } from './check-types.js';
import type { ValidationIssue } from './issue.js';
import type { ValidationOptions } from './validate-recurring-payment-row.js';

const TRANSFER_BY_WIRE: ReadonlyMap<string, FieldSpec> = /* @__PURE__ */ new Map(/* @__PURE__ */ transferFields.map((field) => [field.wire, field]));

function transferSpec(wire: string): FieldSpec {
  return TRANSFER_BY_WIRE.get(wire) as FieldSpec;
}

/**
 * Validates the body parameters of transfer, by their wire names (`client_orderid`,
 * `credit_card_number`, `destination-card-no`, ...). The spec does not say which are required;
 * a transfer cannot be made without an order id, an amount, a currency, one source card
 * (`credit_card_number` with `expire_month` and `expire_year`, or `card_recurring_payment_id`)
 * and one destination (`destination-card-no` or `destination_card_recurring_payment_id`), so
 * those are. Card numbers must be digits and Luhn-valid, the month 1-12, the CVV 3-4 digits,
 * `deposit2card` true or false, `redirect_url` an absolute URL.
 *
 * @example
 * ```ts
 * validateTransferParams({ client_orderid: 'order-1', amount: '10.00', currency: 'EUR',
 *   card_recurring_payment_id: 'src-1', 'destination-card-no': '4111111111111111' }); // []
 * ```
 */
export function validateTransferParams(params: Readonly<Record<string, string | undefined>>, options: ValidationOptions = {}): ValidationIssue[] {
  const issues = new IssueList();
  const value = (wire: string): string | undefined => (isGiven(params[wire]) ? params[wire] : undefined);
  for (const name of Object.keys(params)) {
    // The HMAC layout carries the oauth_* parameters in the body too; they are not transfer fields.
    if (!TRANSFER_BY_WIRE.has(name) && !name.startsWith('oauth_') && isGiven(params[name]))
      issues.add({ wire: name }, 'unknown-field', 'is not a parameter of transfer');
  }
  for (const field of transferFields) {
    const given = value(field.wire);
    if (given !== undefined) checkField(field, given, issues);
  }
  for (const wire of ['client_orderid', 'amount', 'currency']) {
    if (value(wire) === undefined) issues.add(transferSpec(wire), 'required', 'is required: a transfer cannot be made without it');
  }
  const month = value('expire_month');
  if (month !== undefined) checkExpireMonth(transferSpec('expire_month'), month, issues);
  const currency = value('currency');
  if (currency !== undefined) checkCurrency(transferSpec('currency'), currency, options.projectCurrency, issues);

  const byCard = value('credit_card_number') !== undefined;
  const byRef = value('card_recurring_payment_id') !== undefined;
  if (byCard === byRef) {
    issues.add(
      transferSpec('credit_card_number'),
      'transfer-source',
      'give exactly one source: credit_card_number (with expire_month and expire_year) or card_recurring_payment_id',
    );
  }
  if (byCard) {
    for (const wire of ['expire_month', 'expire_year']) {
      if (value(wire) === undefined) issues.add(transferSpec(wire), 'required', 'is required with credit_card_number');
    }
  }
  if ((value('destination-card-no') !== undefined) === (value('destination_card_recurring_payment_id') !== undefined)) {
    issues.add(
      transferSpec('destination-card-no'),
      'transfer-destination',
      'give exactly one destination: destination-card-no or destination_card_recurring_payment_id',
    );
  }
  return issues.issues;
}

/**
 * Validates a transfer request (camelCase, as {@link TransferRequest}) with the same rules as
 * {@link validateTransferParams}, after checking the JavaScript types. Returns every issue at once.
 *
 * @example
 * ```ts
 * validateTransfer({ clientOrderId: 'order-1', amount: '10.00', currency: 'EUR',
 *   cardRecurringPaymentId: 'src-1', destinationCardNo: '4111111111111112' });
 * // [{ field: 'destination-card-no', rule: 'luhn', ... }]
 * ```
 */
export function validateTransfer(request: TransferRequest, options: ValidationOptions = {}): ValidationIssue[] {
  const typeIssues = new IssueList();
  const params = typedToWire(request, transferFields, typeIssues, 'transfer');
  if (typeIssues.issues.some((issue) => issue.field === '(request)')) return typeIssues.issues;
  const mistyped = new Set(typeIssues.issues.map((issue) => issue.field));
  return [...typeIssues.issues, ...validateTransferParams(params, options).filter((issue) => !mistyped.has(issue.field))];
}

/**
 * Validates the body parameters of pan-eligibility/send by their wire names: `client-order-id`
 * and `sending-card-ref-id`, both required strings.
 *
 * @example
 * ```ts
 * validatePanEligibilitySendParams({ 'client-order-id': 'order-1' });
 * // [{ field: 'sending-card-ref-id', rule: 'required', ... }]
 * ```
 */
export function validatePanEligibilitySendParams(params: Readonly<Record<string, string | undefined>>): ValidationIssue[] {
  const issues = new IssueList();
  const known = new Set<string>(panEligibilitySendFields.map((field) => field.wire));
  for (const name of Object.keys(params)) {
    if (!known.has(name) && !name.startsWith('oauth_') && isGiven(params[name])) {
      issues.add({ wire: name }, 'unknown-field', 'is not a parameter of pan-eligibility/send');
    }
  }
  for (const field of panEligibilitySendFields) {
    const given = params[field.wire];
    if (!isGiven(given)) issues.add(field, 'required', 'is required');
    else checkField(field, given, issues);
  }
  return issues.issues;
}

/**
 * Validates a pan-eligibility/send request (camelCase) after checking the JavaScript types.
 *
 * @example
 * ```ts
 * validatePanEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' }); // []
 * ```
 */
export function validatePanEligibilitySend(request: PanEligibilitySendRequest): ValidationIssue[] {
  const typeIssues = new IssueList();
  const params = typedToWire(request, panEligibilitySendFields, typeIssues, 'pan-eligibility/send');
  if (typeIssues.issues.some((issue) => issue.field === '(request)')) return typeIssues.issues;
  const mistyped = new Set(typeIssues.issues.map((issue) => issue.field));
  return [...typeIssues.issues, ...validatePanEligibilitySendParams(params).filter((issue) => !mistyped.has(issue.field))];
}
