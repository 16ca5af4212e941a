import { recurringPaymentFields } from '../model/recurring-payment-fields.js';
import type { RecurringPaymentUpdate } from '../model/types.js';
import { IssueList } from './check-field.js';
import { typedToWire } from './check-types.js';
import type { ValidationIssue } from './issue.js';
import { validateRecurringPaymentRow, type ValidationOptions } from './validate-recurring-payment-row.js';

/**
 * Validates a recurring payment before it is signed or sent: the JavaScript types, then every row
 * of the spec's field table and every checkable rule, through the same checks as
 * {@link validateRecurringPaymentRow}. Returns every issue at once (empty when valid); each
 * names the wire field and the rule, and none holds the card number (masked) or the CVV.
 *
 * @example
 * ```ts
 * const issues = validateRecurringPayment(
 *   { clientOrderId: 'order-1', recurringPaymentId: '77', creditCardNumber: '4111111111111112',
 *     cardPrintedName: 'JOHN DOE', expireYear: 2030, expireMonth: 13, amount: '9.99', currency: 'USD' },
 *   { projectCurrency: 'EUR' },
 * );
 * issues.map((issue) => `${issue.field} ${issue.rule}`);
 * // ['credit-card-number luhn', 'expire-month expire-month-range', 'currency currency-project']
 * ```
 */
export function validateRecurringPayment(payment: RecurringPaymentUpdate, options: ValidationOptions = {}): ValidationIssue[] {
  const typeIssues = new IssueList();
  const row = typedToWire(payment, recurringPaymentFields, typeIssues, 'update-recurring-payments');
  if (typeIssues.issues.some((issue) => issue.field === '(request)')) return typeIssues.issues;
  // A field with the wrong JavaScript type was left out of the row: do not report it twice.
  const mistyped = new Set(typeIssues.issues.map((issue) => issue.field));
  const rowIssues = validateRecurringPaymentRow(row, options).filter((issue) => !mistyped.has(issue.field));
  return [...typeIssues.issues, ...rowIssues];
}
