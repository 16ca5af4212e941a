import type { FieldSpec } from '../model/field-spec.js';
import { panEligibilitySendFields, transferFields } from '../model/transfer-fields.js';
import { checkCurrency, checkExpireMonth, checkField, isGiven, IssueList } from './check-field.js';
import type { ValidationIssue } from './issue.js';
import type { CheckOptions } from './check-options.js';

const TRANSFER_BY_WIRE: ReadonlyMap<string, FieldSpec> = /* @__PURE__ */ new Map(/* @__PURE__ */ transferFields.map((field) => [field.wire, field]));

function transferSpec(wire: string): FieldSpec {
  return TRANSFER_BY_WIRE.get(wire) as FieldSpec;
}

// The rules of transfer's body parameters, by their wire names (`client_orderid`,
// `credit_card_number`, `destination-card-no`, ...). The spec does not say which are required;
// a transfer cannot be made without an order id, an amount, a currency, one source card
// (`credit_card_number` with `expire_month` and `expire_year`, or `card_recurring_payment_id`)
// and one destination (`destination-card-no` or `destination_card_recurring_payment_id`), so
// those are. Card numbers must be digits and Luhn-valid, the month 1-12, the CVV 3-4 digits,
// `deposit2card` true or false, `redirect_url` an absolute URL. The public entries are
// checkTransfer and checkOperation (check-operation.ts).
export function transferParamIssues(params: Readonly<Record<string, string | undefined>>, options: CheckOptions = {}): ValidationIssue[] {
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

// The rules of pan-eligibility/send's body parameters by their wire names: `client-order-id` and
// `sending-card-ref-id`, both required strings.
export function panEligibilitySendParamIssues(params: Readonly<Record<string, string | undefined>>): ValidationIssue[] {
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
