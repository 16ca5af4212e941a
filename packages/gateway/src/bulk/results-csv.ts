import { redactCardData } from '@paysign/spec';
import type { BulkRecord } from './bulk-types.js';

/**
 * The columns of a results file, in order. Every shard writes the same ones.
 *
 * @example
 * ```ts
 * import { BULK_RESULT_COLUMNS, formatResultLine } from '@paysign/gateway';
 *
 * // A header line for a results file (the files of the shards concatenate without one).
 * const header = `${BULK_RESULT_COLUMNS.join(';')}\r\n`;
 * const text = header + records.map(formatResultLine).join('');
 * ```
 */
export const BULK_RESULT_COLUMNS = ['row', 'recurring-payment-id', 'outcome', 'serial-number', 'error-code', 'error-message'] as const;

/**
 * One line of a results file (`;`-separated like the gateway's CSV, CRLF-ended): row number,
 * recurring-payment-id, outcome, serial-number, error-code, error-message. Values are masked
 * and quoted (RFC 4180) when they hold `;`, `"`, CR or LF. A results file has no header line,
 * so the files of the N shards of a run concatenate into the whole run's report.
 *
 * @example
 * ```ts
 * formatResultLine({ row: 3, recurringPaymentId: 'rp-3', outcome: 'refused', errorCode: '2', errorMessage: 'bad amount' });
 * // '3;rp-3;refused;;2;bad amount\r\n'
 * ```
 */
export function formatResultLine(record: BulkRecord): string {
  const cells = [
    String(record.row),
    record.recurringPaymentId,
    record.outcome,
    record.serialNumber ?? '',
    record.errorCode ?? '',
    record.errorMessage ?? '',
  ].map((value) => quote(redactCardData(value)));
  return `${cells.join(';')}\r\n`;
}

function quote(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
