import { encodeCsvRecord } from '@paysign/payload-codec';
import { redactCardData } from '@paysign/protocol';
import type { BulkRecord } from './bulk-types.js';

/**
 * The columns of a results file, in order. Every shard writes the same ones.
 *
 * @example
 * ```ts
 * import { BULK_RESULT_COLUMNS, formatResultLine } from '@paysign/bulk';
 *
 * const text = `${BULK_RESULT_COLUMNS.join(';')}\r\n` + records.map(formatResultLine).join('');
 * ```
 */
export const BULK_RESULT_COLUMNS = ['row', 'recurring-payment-id', 'outcome', 'serial-number', 'error-code', 'error-message'] as const;

/**
 * The first line of a results file: {@link BULK_RESULT_COLUMNS}, `;`-separated, CRLF-ended.
 * `openResultsFile` of `@paysign/bulk/node` writes it once, before the rows.
 *
 * @example
 * ```ts
 * import { formatResultLine, RESULTS_HEADER_LINE } from '@paysign/bulk';
 *
 * RESULTS_HEADER_LINE; // 'row;recurring-payment-id;outcome;serial-number;error-code;error-message\r\n'
 * const text = RESULTS_HEADER_LINE + records.map(formatResultLine).join('');
 * ```
 */
export const RESULTS_HEADER_LINE: string = `${BULK_RESULT_COLUMNS.join(';')}\r\n`;

/**
 * One line of a results file (`;`-separated like the gateway's CSV, CRLF-ended): row number,
 * recurring-payment-id, outcome, serial-number, error-code, error-message, after the file's one
 * header line ({@link RESULTS_HEADER_LINE}). The files of the N shards of a run each have the
 * header: the whole run's report is the first file and the others without their first line.
 *
 * It is a file for people, opened in spreadsheets, and its cells hold the caller's ids and the
 * gateway's words, so each value is:
 *
 * 1. masked (`redactCardData`: no card number, no CVV);
 * 2. neutralised when a spreadsheet would run it as a formula: a value starting with `=`, `+`,
 *    `-`, `@`, TAB or CR gets a `'` in front (OWASP's CSV-injection advice), so `=HYPERLINK(...)`
 *    is shown as text, not run. The journal and the gateway's payload are never changed this way:
 *    the payload stays byte for byte what the rows say;
 * 3. written by payload-codec's `encodeCsvRecord` with `quoting: 'rfc4180'`: quoted when it holds
 *    `;`, `"`, CR or LF. A NUL or a lone UTF-16 surrogate, which that writer refuses (the gateway
 *    may put anything in an error message), is shown as U+FFFD.
 *
 * @example
 * ```ts
 * formatResultLine({ row: 3, recurringPaymentId: 'rp-3', outcome: 'refused', errorCode: '2', errorMessage: 'bad amount' });
 * // '3;rp-3;refused;;2;bad amount\r\n'
 * formatResultLine({ row: 4, recurringPaymentId: '=1+2', outcome: 'refused', errorMessage: '-5 is not an amount' });
 * // "4;'=1+2;refused;;;'-5 is not an amount\r\n"
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
  ].map((value) => carriable(neutraliseFormula(redactCardData(value))));
  return encodeCsvRecord(cells, { quoting: 'rfc4180' });
}

// The first characters that make a spreadsheet read a cell as a formula (OWASP, CSV Injection).
const FORMULA_START = /^[=+\-@\t\r]/;

function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

// What no CSV cell can hold, quoted or not, shown as U+FFFD: a results file reports every row.
const UNCARRIABLE = /[\0\p{Cs}]/gu;

function carriable(value: string): string {
  return value.replace(UNCARRIABLE, '\uFFFD');
}
