import { CodecError } from '../errors.js';
import { decodeCsvRecord, readCsvHeader, type CsvHeader, type DecodeCsvOptions } from './decode-csv.js';

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
 * How {@link decodeCsvStream} reads: {@link DecodeCsvOptions} and the cap on one record.
 *
 * @example
 * ```ts
 * import { decodeCsvStream, type DecodeCsvStreamOptions } from '@paysign/payload-codec';
 *
 * const options: DecodeCsvStreamOptions = { columns: 'any', maxRecordBytes: 64 * 1024 };
 * for await (const record of decodeCsvStream(chunks, options)) console.log(record.row);
 * ```
 */
export interface DecodeCsvStreamOptions extends DecodeCsvOptions {
  /**
   * The most UTF-8 bytes one record may hold (its line breaks inside quotes included, its line end
   * not), checked while it is read, so a record is never buffered past it. Default
   * {@link DEFAULT_MAX_CSV_RECORD_BYTES}.
   */
  readonly maxRecordBytes?: number;
}

/**
 * The default cap on one record of {@link decodeCsvStream}: 1 MiB. A row of the gateway's CSV with
 * every field at its longest (`order_desc` 65K characters, the others at most 1,024) is far below it;
 * a stray `"` makes the rest of a file one "record", and that record stops here.
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_CSV_RECORD_BYTES } from '@paysign/payload-codec';
 *
 * console.log(`a record may hold ${DEFAULT_MAX_CSV_RECORD_BYTES} bytes`); // 1048576
 * ```
 */
export const DEFAULT_MAX_CSV_RECORD_BYTES: number = 1024 * 1024;

/**
 * Reads a `;`-separated CSV (header row first, CRLF or LF line ends, RFC 4180 quotes, a line break
 * inside quotes kept in its record) from chunks of text, one record at a time: a file of a
 * million rows is never held in memory, and each character is looked at a bounded number of times
 * (the time is linear in the input, however the quotes fall). Empty lines are skipped. A header that
 * cannot be read throws, as {@link decodeCsv} does (`UNKNOWN_HEADER`, `WRONG_SEPARATOR` for a header
 * written with `,`, ...), and so does an input without a header (`MISSING_HEADER`) and a record longer
 * than `maxRecordBytes` (`RECORD_TOO_LONG`, naming the row, its line and the cap: a quote left open
 * makes the rest of the file one record, so the reading cannot go on); a data record that cannot be
 * read is yielded with its `error`, so that the caller decides whether to go on.
 *
 * @throws {CodecError} for the header, `MISSING_HEADER` when the input has no header row,
 *   `RECORD_TOO_LONG` for a record over the cap.
 * @example
 * ```ts
 * import { createReadStream } from 'node:fs';
 * import { decodeCsvStream } from '@paysign/payload-codec';
 * import { recurringPaymentColumns } from '@paysign/protocol/wire';
 *
 * const chunks = createReadStream('rows.csv', { encoding: 'utf8' });
 * for await (const { row, line, values, error } of decodeCsvStream(chunks, { columns: recurringPaymentColumns })) {
 *   console.log(row, line, error?.code ?? values?.['client-orderid']);
 * }
 * ```
 */
export async function* decodeCsvStream(
  chunks: AsyncIterable<string> | Iterable<string>,
  options: DecodeCsvStreamOptions,
): AsyncGenerator<CsvStreamRecord, void, undefined> {
  const maxRecordBytes = options?.maxRecordBytes ?? DEFAULT_MAX_CSV_RECORD_BYTES;
  if (!(Number.isSafeInteger(maxRecordBytes) && maxRecordBytes > 0) && maxRecordBytes !== Number.POSITIVE_INFINITY) {
    throw new CodecError('INVALID_OPTION', 'maxRecordBytes must be a whole number of bytes above 0 (or Infinity)');
  }
  // The header is read and checked once; each record is then read alone against it, as decodeCsv
  // would read it as the one row of `header + CRLF + record + CRLF`.
  let header: CsvHeader | undefined;
  let row = 0;
  for await (const { text, line } of csvRecords(chunks, maxRecordBytes, () => (header === undefined ? 0 : row + 1))) {
    if (text === '') continue;
    if (header === undefined) {
      header = readCsvHeader(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, options);
      continue;
    }
    row++;
    try {
      const values = decodeCsvRecord(text, header)[0] ?? {};
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

const QUOTE = '"';
const LF = '\n';

/**
 * The records of the text, line ends removed, each with the line it starts on. A record is kept as
 * its pieces until its end is found, and the next quote and line feed of a chunk are each searched
 * for once: no text is searched or copied twice, whatever the length of the record.
 */
async function* csvRecords(
  chunks: AsyncIterable<string> | Iterable<string>,
  maxRecordBytes: number,
  rowOfNext: () => number,
): AsyncGenerator<{ text: string; line: number }> {
  let pieces: string[] = [];
  let units = 0; // UTF-16 code units of the record so far
  let bytes: number | undefined; // its UTF-8 bytes, counted only once `units` could pass the cap
  let inQuotes = false;
  let line = 1; // the line the record starts on
  let lineFeeds = 0; // line feeds inside quotes in the record so far
  const take = (piece: string) => {
    pieces.push(piece);
    units += piece.length;
    // A code unit is at most 3 UTF-8 bytes: below cap / 3 units, no need to count them.
    if (bytes === undefined && units * 3 > maxRecordBytes) bytes = pieces.reduce((sum, p) => sum + utf8Length(p), 0);
    else if (bytes !== undefined) bytes += utf8Length(piece);
    if (bytes !== undefined && bytes > maxRecordBytes) {
      const row = rowOfNext();
      throw new CodecError(
        'RECORD_TOO_LONG',
        `${row === 0 ? 'the header row' : `row ${row}`} (line ${line}) is longer than ${maxRecordBytes} bytes, the most one CSV record may hold` +
          `${inQuotes ? ': a quote opened in it is never closed, so every line after it belongs to it' : ''}`,
        row === 0 ? { row: 0 } : { row },
      );
    }
  };
  const flush = () => {
    const text = pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
    const record = { text: text.endsWith('\r') ? text.slice(0, -1) : text, line };
    line += lineFeeds + 1;
    pieces = [];
    units = 0;
    bytes = undefined;
    lineFeeds = 0;
    return record;
  };
  for await (const chunk of chunks) {
    if (typeof chunk !== 'string') throw new CodecError('INVALID_VALUE', 'decodeCsvStream reads chunks of text: open the file as UTF-8');
    let from = 0; // the start of the part of the chunk not yet taken into the record
    let quote = chunk.indexOf(QUOTE);
    for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, lf + 1)) {
      for (; quote !== -1 && quote < lf; quote = chunk.indexOf(QUOTE, quote + 1)) inQuotes = !inQuotes;
      if (inQuotes) {
        lineFeeds++;
        continue;
      }
      take(chunk.slice(from, lf));
      from = lf + 1;
      yield flush();
    }
    for (; quote !== -1; quote = chunk.indexOf(QUOTE, quote + 1)) inQuotes = !inQuotes;
    if (from < chunk.length) take(chunk.slice(from));
  }
  if (pieces.length > 0) yield flush();
}

function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is 4 bytes: 2 for each half.
    length += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c < 0xe000) ? 2 : 3;
  }
  return length;
}
