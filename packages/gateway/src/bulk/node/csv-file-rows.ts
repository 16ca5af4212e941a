import { createReadStream } from 'node:fs';
import { CodecError, decodeCsv } from '@paysign/payload-codec';
import { recurringPaymentColumns } from '@paysign/spec';
import { BulkError } from '../bulk-errors.js';
import { BulkUnreadableRow, type BulkRow } from '../bulk-types.js';

/**
 * The rows of a CSV file in the gateway's own format (a header row of wire names such as
 * `client-orderid;recurring-payment-id;...`, `;`-separated, CRLF or LF line ends, RFC 4180
 * quotes allowed), streamed: one record in memory at a time. Returns a factory, so a bulk run
 * can read the file twice (validation pass, send pass).
 *
 * A header naming an unknown column stops the run (`BulkError` `BULK_INPUT`: the header row is
 * probably missing, and its "names" would be card data). A data line that cannot be read (a
 * ragged line, a bad quote) becomes a {@link BulkUnreadableRow}: an invalid row with its issues.
 * Empty lines are skipped. Row 1 is the first data row.
 *
 * @example
 * ```ts
 * const summary = await bulkUpdateRecurringPayments({ client, source: csvFileRows('rows.csv') });
 * ```
 */
export function csvFileRows(path: string): () => AsyncIterable<BulkRow | BulkUnreadableRow> {
  return () => readRows(path);
}

async function* readRows(path: string): AsyncGenerator<BulkRow | BulkUnreadableRow> {
  let header: string | undefined;
  let rowNumber = 0;
  for await (const line of csvRecords(path)) {
    if (line === '') continue;
    if (header === undefined) {
      header = line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
      try {
        decodeCsv(`${header}\r\n`, { columns: recurringPaymentColumns });
      } catch (error) {
        if (error instanceof CodecError) throw new BulkError('BULK_INPUT', `${path}: the header row: ${error.message.replace(/^the header[^:]*: /, '')}`);
        throw error;
      }
      continue;
    }
    rowNumber++;
    try {
      const row = decodeCsv(`${header}\r\n${line}\r\n`, { columns: recurringPaymentColumns }).rows[0];
      yield row ?? {};
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      const field = error.column ?? `field ${error.field ?? '?'}`;
      const rule = error.message.replace(/^row \d+(?:, [^:]*)?: /, '');
      yield new BulkUnreadableRow([
        { field, rule: 'csv-character', row: rowNumber, message: `row ${rowNumber}: ${field}: the CSV line cannot be read (${error.code}): ${rule}` },
      ]);
    }
  }
  if (header === undefined) throw new BulkError('BULK_INPUT', `${path}: the file has no header row`);
}

/**
 * The file's records, line ends removed: a line break inside quotes stays in its record. Reads
 * 64 KiB at a time.
 */
async function* csvRecords(path: string): AsyncGenerator<string> {
  let stream;
  try {
    stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 });
    await new Promise<void>((resolve, reject) => stream!.once('open', () => resolve()).once('error', reject));
  } catch (error) {
    throw new BulkError('BULK_INPUT', `${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let pending = '';
  let quotes = 0; // quotes counted in `pending` so far: odd means a line break is inside quotes
  let scanned = 0;
  for await (const chunk of stream as AsyncIterable<string>) {
    pending += chunk;
    let start = 0;
    for (;;) {
      const end = pending.indexOf('\n', Math.max(start, scanned));
      if (end === -1) break;
      for (let q = pending.indexOf('"', Math.max(start, scanned)); q !== -1 && q < end; q = pending.indexOf('"', q + 1)) quotes++;
      scanned = end + 1;
      if (quotes % 2 === 1) continue;
      const record = pending.slice(start, end);
      yield record.endsWith('\r') ? record.slice(0, -1) : record;
      start = end + 1;
      quotes = 0;
    }
    pending = pending.slice(start);
    // Quotes between the last line break and the end are counted again on the next round.
    scanned = Math.max(0, scanned - start);
    if (scanned === 0) quotes = 0;
  }
  if (pending !== '') yield pending.endsWith('\r') ? pending.slice(0, -1) : pending;
}
