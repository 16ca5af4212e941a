import { createReadStream } from 'node:fs';
import { CodecError, decodeCsvStream } from '@paysign/payload-codec';
import { payloadIssue } from '@paysign/protocol';
import { recurringPaymentColumns } from '@paysign/protocol/wire';
import { BulkError } from '../bulk-errors.js';
import { BulkUnreadableRow, type BulkRow } from '../bulk-types.js';

/**
 * The rows of a CSV file, as {@link csvFileRows} returns them: a factory of fresh iterables (a
 * bulk run reads the file twice), and `lineOf`, the line of the file a row starts on.
 *
 * @example
 * ```ts
 * import { csvFileRows, type CsvFileRows } from '@paysign/bulk/node';
 *
 * const rows: CsvFileRows = csvFileRows('rows.csv');
 * await bulkUpdateRecurringPayments({ client, source: rows, onRecord: (r) => console.log(`line ${rows.lineOf(r.row)}: ${r.outcome}`) });
 * ```
 */
export interface CsvFileRows {
  (): AsyncIterable<BulkRow | BulkUnreadableRow>;
  /**
   * The 1-based line of the file where data row `row` (1 = the first) starts, as a spreadsheet
   * numbers it (the header is line 1), for the rows read so far; `undefined` for a row not read yet.
   */
  lineOf(row: number): number | undefined;
  /**
   * The header's column names, known once a data row has been read (`undefined` before), so that
   * what the header lacks is said once rather than on every row (`checkRecurringPaymentColumns`).
   */
  columns(): readonly string[] | undefined;
}

/**
 * The rows of a CSV file in the gateway's own format (a header row of wire names such as
 * `client-orderid;recurring-payment-id;...`, `;`-separated, CRLF or LF line ends, RFC 4180
 * quotes allowed), streamed by `decodeCsvStream` of `@paysign/payload-codec`: one record in
 * memory at a time. Returns a factory, so a bulk run can read the file twice (validation pass,
 * send pass), with `lineOf(row)` to name a row by its line in the file.
 *
 * A header naming an unknown column stops the run (`BulkError` `BULK_INPUT`: the header row is
 * probably missing, and its "names" would be card data), and so does a header separated by `,`
 * (the message says that the separator is `;`). A data line that cannot be read (a ragged line, a
 * bad quote) becomes a {@link BulkUnreadableRow}: an invalid row with its issues. Empty lines are
 * skipped. Row 1 is the first data row.
 *
 * @example
 * ```ts
 * const summary = await bulkUpdateRecurringPayments({ client, source: csvFileRows('rows.csv') });
 * ```
 */
export function csvFileRows(path: string): CsvFileRows {
  // Only where the line stops being row + 1 (an empty line, a line break inside quotes): a few entries.
  let shifts: { row: number; extra: number }[] = [];
  let lastRow = 0;
  let header: readonly string[] | undefined;
  const read = () => {
    shifts = [];
    lastRow = 0;
    return readRows(path, (row, line, values) => {
      lastRow = row;
      // A record is keyed by exactly the header's names.
      if (header === undefined && values !== undefined) header = Object.freeze(Object.keys(values));
      const extra = line - row - 1;
      if (extra !== (shifts.at(-1)?.extra ?? 0)) shifts.push({ row, extra });
    });
  };
  const lineOf = (row: number): number | undefined => {
    if (!Number.isSafeInteger(row) || row < 1 || row > lastRow) return undefined;
    let extra = 0;
    for (const shift of shifts) {
      if (shift.row > row) break;
      extra = shift.extra;
    }
    return row + 1 + extra;
  };
  return Object.assign(read, { lineOf, columns: () => header });
}

async function* readRows(
  path: string,
  seen: (row: number, line: number, values?: Readonly<Record<string, string>>) => void,
): AsyncGenerator<BulkRow | BulkUnreadableRow> {
  let stream;
  try {
    stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 });
    await new Promise<void>((resolve, reject) => stream!.once('open', () => resolve()).once('error', reject));
  } catch (error) {
    throw new BulkError('BULK_INPUT', `${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    for await (const record of decodeCsvStream(stream as AsyncIterable<string>, { columns: recurringPaymentColumns })) {
      seen(record.row, record.line, record.values);
      const { error, row } = record;
      if (error === undefined) {
        yield record.values ?? {};
        continue;
      }
      // The codec's message says where on the line it stopped; the issue's row is the row's index.
      yield new BulkUnreadableRow([{ ...payloadIssue(error, error.column ?? 'line'), row: row - 1 }]);
    }
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    const what = error.code === 'MISSING_HEADER' ? 'the file has no header row' : error.message;
    throw new BulkError('BULK_INPUT', `${path}: ${what}`, { cause: error });
  } finally {
    stream.destroy();
  }
}
