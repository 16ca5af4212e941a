import { CodecError } from '../errors.js';
import { decodeCsv, type DecodeCsvOptions } from './decode-csv.js';

/**
 * One data record of a CSV read by {@link decodeCsvStream}: its values keyed by the header's
 * column names, or the {@link CodecError} that says why it cannot be read (a ragged line, a bad
 * quote). Either way it carries its position, so that a message can name the line a spreadsheet
 * shows.
 *
 * @example
 * ```ts
 * import { decodeCsvStream, type CsvStreamRecord } from '@paysign/payload-codec';
 *
 * for await (const record of decodeCsvStream(chunks, { columns: 'any' })) {
 *   const seen: CsvStreamRecord = record;
 *   if (seen.error !== undefined) console.error(`line ${seen.line}: ${seen.error.message}`);
 * }
 * ```
 */
export interface CsvStreamRecord {
  /** 1 for the first data record (the header and empty lines are not counted). */
  readonly row: number;
  /** The 1-based line of the input where the record starts (the header is line 1). */
  readonly line: number;
  /** The record's values, keyed by column name; absent when the record cannot be read. */
  readonly values?: Record<string, string>;
  /** Why the record cannot be read (its `row` is this record's); the values are never quoted. */
  readonly error?: CodecError;
}

/**
 * Reads a `;`-separated CSV (header row first, CRLF or LF line ends, RFC 4180 quotes, a line break
 * inside quotes kept in its record) from chunks of text, one record at a time: a file of a
 * million rows is never held in memory. Empty lines are skipped. A header that cannot be read
 * throws, as {@link decodeCsv} does (`UNKNOWN_HEADER`, `WRONG_SEPARATOR` for a header written with
 * `,`, ...), and so does an input without a header (`MISSING_HEADER`); a data record that cannot be
 * read is yielded with its `error`, so that the caller decides whether to go on.
 *
 * @throws {CodecError} for the header, or `MISSING_HEADER` when the input has no header row.
 * @example
 * ```ts
 * import { createReadStream } from 'node:fs';
 * import { decodeCsvStream } from '@paysign/payload-codec';
 * import { recurringPaymentColumns } from '@paysign/protocol';
 *
 * const chunks = createReadStream('rows.csv', { encoding: 'utf8' });
 * for await (const { row, line, values, error } of decodeCsvStream(chunks, { columns: recurringPaymentColumns })) {
 *   console.log(row, line, error?.code ?? values?.['client-orderid']);
 * }
 * ```
 */
export async function* decodeCsvStream(
  chunks: AsyncIterable<string> | Iterable<string>,
  options: DecodeCsvOptions,
): AsyncGenerator<CsvStreamRecord, void, undefined> {
  let header: string | undefined;
  let row = 0;
  for await (const { text, line } of csvRecords(chunks)) {
    if (text === '') continue;
    if (header === undefined) {
      header = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      decodeCsv(`${header}\r\n`, options);
      continue;
    }
    row++;
    try {
      const values = decodeCsv(`${header}\r\n${text}\r\n`, options).rows[0] ?? {};
      yield { row, line, values };
    } catch (error) {
      if (!(error instanceof CodecError)) throw error;
      // decodeCsv counted this record as row 1 of a one-row document: give it its own number.
      const message = error.message.replace(/^row 1\b/, `row ${row}`);
      const location = {
        row,
        ...(error.column !== undefined && { column: error.column }),
        ...(error.field !== undefined && { field: error.field }),
      };
      yield { row, line, error: new CodecError(error.code, message, location) };
    }
  }
  if (header === undefined) throw new CodecError('MISSING_HEADER', 'the CSV document is empty: it has no header row');
}

/** The records of the text, line ends removed, each with the line it starts on. */
async function* csvRecords(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<{ text: string; line: number }> {
  let pending = '';
  let quotes = 0; // quotes counted in `pending` from `start` to `scanned`: odd means a line break is inside quotes
  let scanned = 0;
  let line = 1; // the line `pending` starts on
  for await (const chunk of chunks) {
    if (typeof chunk !== 'string') throw new CodecError('INVALID_VALUE', 'decodeCsvStream reads chunks of text: open the file as UTF-8');
    pending += chunk;
    let start = 0;
    for (;;) {
      const end = pending.indexOf('\n', scanned);
      if (end === -1) break;
      for (let q = pending.indexOf('"', scanned); q !== -1 && q < end; q = pending.indexOf('"', q + 1)) quotes++;
      scanned = end + 1;
      if (quotes % 2 === 1) continue;
      const text = pending.slice(start, end);
      yield { text: text.endsWith('\r') ? text.slice(0, -1) : text, line };
      line += countLineFeeds(text) + 1;
      start = end + 1;
      quotes = 0;
    }
    pending = pending.slice(start);
    scanned -= start; // quotes after `scanned` are counted on the next round
  }
  if (pending !== '') yield { text: pending.endsWith('\r') ? pending.slice(0, -1) : pending, line };
}

function countLineFeeds(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
