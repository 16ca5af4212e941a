import { checkRecurringPaymentRows, formatRowIssue, redactCardData, type CheckOptions, type RowIssueText, type ValidationIssue } from '@paysign/protocol';
import { BulkUnreadableRow, type BulkInvalidRow, type BulkRecord, type BulkRow } from './bulk-types.js';

/**
 * A row's issues by protocol's check of update-recurring-payments rows, the one check a row gets;
 * each issue's `row` is the row's 0-based index in the input, so that formatRowIssue names it by its number.
 */
export function issuesOf(row: BulkRow | BulkUnreadableRow, rowNumber: number, rules: CheckOptions): readonly ValidationIssue[] {
  if (row instanceof BulkUnreadableRow) return row.issues.map((issue) => ({ ...issue, row: rowNumber - 1 }));
  return checkRecurringPaymentRows([row], rules).map((issue) => ({ ...issue, row: rowNumber - 1 }));
}

/** The row's issues as one line of the results: `row 7, client-orderid: is required; row 7, ...`. */
export function rowMessage(issues: readonly RowIssueText[], rowNumber: number): string {
  return redactCardData(issues.map((issue) => formatRowIssue(issue, rowNumber)).join('; '));
}

/**
 * The results record of an invalid row (outcome `invalid`): the first issue's rule as the code,
 * every issue as `row N, field: message`, joined by `; `. What a run records for a row it skips
 * (`skipInvalid`), and what a caller writes for the rows of a refused run (`onInvalidRow`).
 *
 * @example
 * ```ts
 * import { invalidRowRecord, type BulkInvalidRow } from '@paysign/bulk';
 *
 * const invalid: BulkInvalidRow[] = [];
 * await bulkUpdateRecurringPayments({ client, source, onInvalidRow: (row) => invalid.push(row) }).catch(() => {});
 * const lines = invalid.map(invalidRowRecord).map(formatResultLine);
 * ```
 */
export function invalidRowRecord(invalid: BulkInvalidRow): BulkRecord {
  const { row, issues } = invalid;
  return {
    row,
    recurringPaymentId: invalid.recurringPaymentId ?? '',
    outcome: 'invalid',
    errorCode: issues[0]?.rule ?? 'invalid',
    errorMessage: rowMessage(issues, row),
  };
}

/** The row's recurring-payment-id as it may be shown and stored: card-number-like digits masked. */
export function shownPaymentId(row: BulkRow | BulkUnreadableRow): string {
  if (row instanceof BulkUnreadableRow) return '';
  const id = row['recurring-payment-id'];
  return typeof id === 'string' ? redactCardData(id) : '';
}
