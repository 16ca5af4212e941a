import { CodecError, encodePayload, type Quoting } from '@paysign/payload-codec';
import { GatewayValidationError } from '../errors.js';
import type { ValidationIssue } from '../validation/issue.js';
import { payloadIssue } from '../validation/check-operation.js';
import { recurringPaymentColumns } from './recurring-payment-columns.js';

const SPEC_COLUMNS: readonly string[] = recurringPaymentColumns;
const SPEC_COLUMN_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(SPEC_COLUMNS);

/**
 * The `payload` parameter of update-recurring-payments for rows in the wire format (CSV column
 * names as keys, values as text): payload-codec's Base64 of the `;`/CRLF CSV, header first, the
 * spec's columns in the spec's order and then every other column a row uses (so no value is
 * dropped). It checks no rule of the spec: run `checkRecurringPaymentRows` of `@paysign/protocol`
 * first (the client's `updateRecurringPaymentRows` does both). A cell the CSV cannot carry with
 * `csvQuoting` (default `'reject'`) is refused, as that check would name it. `@paysign/gateway`
 * exports the same function.
 *
 * @throws {GatewayValidationError} `VALIDATION_FAILED`, one issue (the codec's rule, the row's
 *   0-based index) for the first cell the CSV cannot carry.
 * @example
 * ```ts
 * import { checkRecurringPaymentRows } from '@paysign/protocol';
 * import { recurringPaymentPayload } from '@paysign/protocol/wire';
 *
 * const rows = [{ 'client-orderid': 'order-1', 'recurring-payment-id': '7701', amount: '10.42' }];
 * if (checkRecurringPaymentRows(rows, { csvQuoting: 'reject' }).length === 0) {
 *   const payload = recurringPaymentPayload(rows); // the update-recurring-payments `payload` parameter
 * }
 * ```
 */
export function recurringPaymentPayload(rows: readonly Readonly<Record<string, string>>[], options: { csvQuoting?: Quoting } = {}): string {
  let columns = SPEC_COLUMNS;
  for (const row of rows) {
    for (const name of Object.keys(row)) {
      if (SPEC_COLUMN_SET.has(name) || columns.includes(name)) continue;
      if (columns === SPEC_COLUMNS) columns = [...SPEC_COLUMNS];
      (columns as string[]).push(name);
    }
  }
  try {
    return encodePayload(rows, { columns, quoting: options.csvQuoting ?? 'reject' });
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    const issue: ValidationIssue = payloadIssue(error, error.column ?? 'payload');
    const located = error.row !== undefined && error.row > 0 ? { ...issue, row: error.row - 1 } : issue;
    throw new GatewayValidationError([located], 'VALIDATION_FAILED', 'rows');
  }
}
