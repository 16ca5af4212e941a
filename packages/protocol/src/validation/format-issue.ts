import type { ValidationIssue } from './issue.js';

/**
 * One issue without its location: the field (as `name`, default the wire name) and what is wrong.
 * The base of every audience's line.
 *
 * @example
 * ```ts
 * import { describeIssue } from '@paysign/protocol';
 *
 * const issue = { field: 'client-orderid', property: 'clientOrderId', message: 'is required' };
 * describeIssue(issue); // 'client-orderid: is required'
 * describeIssue(issue, issue.property); // 'clientOrderId: is required', as a camelCase payment spells it
 * ```
 */
export function describeIssue(issue: Pick<ValidationIssue, 'field' | 'message'>, name: string = issue.field): string {
  return `${name}: ${issue.message}`;
}

// The client's line (GatewayValidationError's message): the payment named as the caller's array
// holds it, `payments[0] client-orderid: is required` (`rows[0]` for wire-format rows).
export function formatClientIssue(issue: ValidationIssue, batch: 'payments' | 'rows' = 'payments'): string {
  return issue.row === undefined ? describeIssue(issue) : `${batch}[${issue.row}] ${describeIssue(issue)}`;
}

/**
 * The line of a numbered data row (1 = the first row after the header), as the gateway's
 * validation-error says it and bulk's results record it: `row 3, amount: must be a decimal such as 10 or 10.42`.
 * `rowNumber` defaults to the issue's own `row + 1`; bulk passes the row's number in its input.
 *
 * @example
 * ```ts
 * import { formatRowIssue } from '@paysign/protocol';
 *
 * formatRowIssue({ field: 'amount', row: 2, message: 'must be a decimal such as 10 or 10.42' });
 * // 'row 3, amount: must be a decimal such as 10 or 10.42'
 * ```
 */
export function formatRowIssue(
  issue: Pick<ValidationIssue, 'field' | 'message' | 'row'>,
  rowNumber: number | undefined = issue.row === undefined ? undefined : issue.row + 1,
): string {
  return rowNumber === undefined ? describeIssue(issue) : `row ${rowNumber}, ${describeIssue(issue)}`;
}

/**
 * One `row N, field: message` of a reply's error-message, as {@link readRowIssues} reads it back.
 *
 * @example
 * ```ts
 * import { readRowIssues, type RowIssueText } from '@paysign/protocol';
 *
 * const said: RowIssueText[] = readRowIssues('row 1, amount: must be a decimal such as 10 or 10.42') ?? [];
 * // [{ row: 0, field: 'amount', message: 'must be a decimal such as 10 or 10.42' }]
 * ```
 */
export type RowIssueText = Pick<ValidationIssue, 'field' | 'message' | 'row'>;

const ROW_ISSUE = /^row ([1-9]\d{0,8}), ([^\s:;]+): (.+)$/s;

/**
 * Reads an error-message written with {@link formatRowIssue} (`row 1, city: ...; row 2, amount: ...`,
 * the emulator's validation-error) back into its issues, each `row` 0-based again; `undefined`
 * when the text is not wholly in that form (another gateway's own wording is then kept as it is).
 * A caller that sent a row under another number (bulk sends each input row alone, as the
 * request's row 1) names it by its own number with {@link formatRowIssue}.
 *
 * @example
 * ```ts
 * import { formatRowIssue, readRowIssues } from '@paysign/protocol';
 *
 * const said = readRowIssues('row 1, recurring-payment-id: no recurring payment has this id');
 * said?.map((issue) => formatRowIssue(issue, 7)).join('; '); // 'row 7, recurring-payment-id: no recurring payment has this id'
 * ```
 */
export function readRowIssues(text: string): RowIssueText[] | undefined {
  const issues: RowIssueText[] = [];
  for (const part of text.split(/; (?=row [1-9]\d*, )/)) {
    const match = ROW_ISSUE.exec(part);
    if (match === null) return undefined;
    issues.push({ row: Number(match[1]) - 1, field: match[2] as string, message: match[3] as string });
  }
  return issues;
}
