import { checkCsvCell } from '@paysign/payload-codec';
import { redactCardData } from '@paysign/protocol';
import type { ValidationIssue } from '@paysign/protocol';
import { validateRecurringPaymentRow } from '@paysign/protocol';
import type { BulkRow } from './bulk-types.js';

/** What the validation pass checks besides the spec's rules. */
export interface BulkRowRules {
  projectCurrency?: string | undefined;
  csvQuoting?: 'reject' | 'rfc4180' | undefined;
}

/**
 * Every issue of one input row, as the client would find them before sending it: the spec's
 * field table and rules, and the characters the gateway's CSV cannot carry (payload-codec's
 * `checkCsvCell`: `;` `"` CR LF unless `csvQuoting` is `'rfc4180'`; NUL and lone surrogates
 * always). `row` is the row's
 * number (1 = first data row) and each message starts with it.
 *
 * @example
 * ```ts
 * validateBulkRow({ 'recurring-payment-id': 'rp-1' }, 7)[0]?.message; // 'row 7: client-orderid: is required'
 * ```
 */
export function validateBulkRow(row: BulkRow, rowNumber: number, rules: BulkRowRules = {}): ValidationIssue[] {
  const found = validateRecurringPaymentRow(row, rules.projectCurrency === undefined ? {} : { projectCurrency: rules.projectCurrency });
  for (const [field, value] of Object.entries(row)) {
    if (typeof value !== 'string') continue;
    const problem = checkCsvCell(value, rules.csvQuoting);
    if (problem !== undefined) found.push({ field, rule: 'csv-character', message: `${field}: ${problem.reason}` });
  }
  return found.map((issue) => ({ ...issue, row: rowNumber, message: `row ${rowNumber}: ${redactCardData(issue.message)}` }));
}

/** The row's recurring-payment-id as it may be shown and stored: card-number-like digits masked. */
export function shownPaymentId(row: BulkRow): string {
  const id = row['recurring-payment-id'];
  return typeof id === 'string' ? redactCardData(id) : '';
}
