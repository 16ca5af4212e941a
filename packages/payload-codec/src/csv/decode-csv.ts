import { describeLocation } from '../_location.js';
import { CodecError, type CodecErrorCode } from '../errors.js';

/**
 * A decoded CSV document: the header's column names, and each data row keyed by them.
 *
 * @example
 * ```ts
 * import { decodeCsv, type DecodedCsv } from '@paysign/payload-codec';
 *
 * const csv: DecodedCsv = decodeCsv('client-orderid;amount\r\norder-1;10.42\r\n', { columns: 'any' });
 * csv.columns; // ['client-orderid', 'amount']
 * csv.rows[0]; // { 'client-orderid': 'order-1', amount: '10.42' }
 * ```
 */
export interface DecodedCsv {
  columns: string[];
  rows: Record<string, string>[];
}

/**
 * How {@link decodeCsv} and `decodePayload` read a document.
 *
 * @example
 * ```ts
 * import { decodePayload, type DecodeCsvOptions } from '@paysign/payload-codec';
 * import { recurringPaymentColumns } from '@paysign/protocol/wire';
 *
 * const options: DecodeCsvOptions = { columns: recurringPaymentColumns }; // an unknown header name is refused unquoted
 * const { rows } = decodePayload(payload, options);
 * ```
 */
export interface DecodeCsvOptions {
  /**
   * The column names the header may hold (required: for update-recurring-payments, pass
   * `recurringPaymentColumns` from `@paysign/gateway`). A header name not in the list is refused (`UNKNOWN_HEADER`)
   * without quoting it: when the header row is missing, the first data row is read as the
   * header, and its "names" are card numbers and CVVs. `'any'` accepts any distinct non-empty
   * names; errors then name fields by position only, never by a name read from the document.
   */
  readonly columns: readonly string[] | 'any';
}

const SEMICOLON = 0x3b;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const BOM = 0xfeff;

/**
 * Reads the gateway's CSV: `;`-separated fields, CRLF-ended lines, a header row first. Fields may
 * be plain or RFC 4180 quoted (`"a;b"`, `"say ""hi"""`, line breaks inside quotes), so it reads
 * both forms {@link encodeCsv} writes. A leading UTF-8 BOM and a final CRLF (or none) are accepted.
 *
 * A final empty line is always read as the last line's terminator, so a document whose only
 * column is empty in its last row must end with CRLF, as {@link encodeCsv} always writes it.
 *
 * The header must name known columns (`options.columns`; for update-recurring-payments, the
 * gateway's `recurringPaymentColumns`): a missing header row would otherwise make the first data row the
 * header, and its card number a "column name". Messages name a field by its position, and by its
 * name only once that name is known to be a column name: a cell value is never quoted.
 *
 * @throws {CodecError} `MISSING_HEADER` (no header row), `UNKNOWN_HEADER` (a header name that is
 *   not a known column), `INVALID_COLUMN` (an empty column name), `DUPLICATE_COLUMN`,
 *   `RAGGED_ROW` (a row's field count is not the header's), `INVALID_QUOTING`, `BARE_LINE_BREAK`
 *   (a CR or LF outside quotes that is not a CRLF), `NUL_CHARACTER` (a NUL in any field),
 *   `INVALID_OPTION`.
 * @example
 * ```ts
 * decodeCsv('client-orderid;city\r\n902B4FF5;"Köln; Altstadt"\r\n', { columns: recurringPaymentColumns });
 * // { columns: ['client-orderid', 'city'], rows: [{ 'client-orderid': '902B4FF5', city: 'Köln; Altstadt' }] }
 * decodeCsv('a;b\r\n1;2\r\n', { columns: 'any' }); // { columns: ['a', 'b'], rows: [{ a: '1', b: '2' }] }
 * decodeCsv('4111111111111111;987\r\n...', { columns: recurringPaymentColumns }); // throws UNKNOWN_HEADER: "the header row's column 1 is not a known column name; ..."
 * ```
 */
export function decodeCsv(text: string, options: DecodeCsvOptions): DecodedCsv {
  if (typeof text !== 'string') throw new CodecError('INVALID_VALUE', 'the CSV document must be a string');
  const { columns, rows } = decodeLines(text, text.charCodeAt(0) === BOM ? 1 : 0, readKnownColumns(options), undefined);
  if (columns === undefined) throw new CodecError('MISSING_HEADER', 'the CSV document is empty: it has no header row');
  return { columns, rows };
}

/**
 * A header read once, so that each record after it is read alone ({@link decodeCsvRecord}): what
 * `decodeCsvStream` holds instead of reading the header again for every record. Not exported
 * from the package.
 */
export interface CsvHeader {
  readonly columns: string[];
  /** The known column names (`options.columns`), or `undefined` for `'any'`. */
  readonly known: ReadonlySet<string> | undefined;
  readonly hasProtoColumn: boolean;
}

/** The header line (its line end removed) read and checked as {@link decodeCsv} reads a document's first line. */
export function readCsvHeader(line: string, options: DecodeCsvOptions): CsvHeader {
  const known = readKnownColumns(options);
  const { columns } = decodeLines(`${line}\r\n`, line.charCodeAt(0) === BOM ? 1 : 0, known, undefined);
  if (columns === undefined) throw new CodecError('MISSING_HEADER', 'the CSV document is empty: it has no header row');
  return { columns, known, hasProtoColumn: columns.includes('__proto__') };
}

/**
 * One record (its line end removed) after `header`: the rows {@link decodeCsv} reads from
 * `header + CRLF + record + CRLF`, with the same errors (the record is row 1), without reading
 * the header again.
 */
export function decodeCsvRecord(record: string, header: CsvHeader): Record<string, string>[] {
  return decodeLines(record, 0, header.known, header).rows;
}

// The lines of `text` from `start`: the first is the header unless `header` is given, each other
// one a row (row 1 first). `columns` is undefined only when the text held no line at all.
function decodeLines(
  text: string,
  start: number,
  known: ReadonlySet<string> | undefined,
  header: CsvHeader | undefined,
): { columns: string[] | undefined; rows: Record<string, string>[] } {
  const end = text.length;
  let columns: string[] | undefined = header?.columns;
  let hasProtoColumn = header?.hasProtoColumn ?? false;
  const rows: Record<string, string>[] = [];
  let lineNumber = header === undefined ? 0 : 1; // 0 is the header; data rows count from 1, as CodecError.row does.
  let i = start;
  // The first NUL, if any: the field whose text reaches past it is refused.
  const nul = text.indexOf('\0', i);

  const fail = (code: CodecErrorCode, field: number, rule: string): CodecError => {
    // A name is quoted only when it was checked against the known columns: never one read unchecked.
    const column = known === undefined ? undefined : columns?.[field];
    const where = column === undefined ? `${describeLocation(lineNumber)}, field ${field + 1}` : describeLocation(lineNumber, column);
    return new CodecError(
      code,
      `${where}: ${rule}`,
      column === undefined ? { row: lineNumber, field: field + 1 } : { row: lineNumber, column, field: field + 1 },
    );
  };

  while (i < end) {
    const fields: string[] = [];
    for (;;) {
      const fieldStart = i;
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        value = '';
        let from = i + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) throw fail('INVALID_QUOTING', fields.length, 'a quoted field is never closed');
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += text.slice(from, close + 1);
            from = close + 2;
            continue;
          }
          value += text.slice(from, close);
          i = close + 1;
          break;
        }
        const next = text.charCodeAt(i);
        if (i < end && next !== SEMICOLON && next !== CR) {
          throw fail('INVALID_QUOTING', fields.length, 'a closing quote must be followed by ";" or a line end');
        }
      } else {
        let j = i;
        for (; j < end; j++) {
          const c = text.charCodeAt(j);
          if (c === SEMICOLON || c === CR || c === LF || c === QUOTE) break;
        }
        const stop = text.charCodeAt(j);
        if (stop === QUOTE) {
          throw fail('INVALID_QUOTING', fields.length, 'a double quote inside an unquoted field (RFC 4180 §2.5 asks to quote the field)');
        }
        if (stop === LF) throw fail('BARE_LINE_BREAK', fields.length, 'an LF without CR outside quotes');
        value = text.slice(i, j);
        i = j;
      }
      if (nul !== -1 && nul >= fieldStart && nul < i) {
        throw fail(
          'NUL_CHARACTER',
          fields.length,
          `the ${lineNumber === 0 ? 'name' : 'value'} holds a NUL character (U+0000), which the gateway's CSV cannot carry`,
        );
      }
      fields.push(value);
      if (i >= end) break;
      if (text.charCodeAt(i) === SEMICOLON) {
        i++;
        continue;
      }
      // Here text[i] is CR: a value ends only at `;`, CR, or the end of the text.
      if (text.charCodeAt(i + 1) !== LF) throw fail('BARE_LINE_BREAK', fields.length - 1, 'a CR without LF outside quotes');
      i += 2;
      break;
    }

    if (columns === undefined) {
      columns = readHeader(fields, known);
      hasProtoColumn = columns.includes('__proto__');
    } else {
      rows.push(toRow(columns, fields, lineNumber, hasProtoColumn));
    }
    lineNumber++;
  }

  return { columns, rows };
}

function readKnownColumns(options: DecodeCsvOptions): ReadonlySet<string> | undefined {
  if (typeof options !== 'object' || options === null) throw new CodecError('INVALID_OPTION', "options must be an object: { columns: string[] | 'any' }");
  const { columns } = options;
  if (columns === 'any') return undefined;
  if (!Array.isArray(columns) || columns.length === 0 || !columns.every((name) => typeof name === 'string' && name !== '')) {
    throw new CodecError('INVALID_OPTION', "columns must be a non-empty array of column names, or 'any'");
  }
  return new Set(columns);
}

function readHeader(fields: string[], known: ReadonlySet<string> | undefined): string[] {
  if (fields.length === 1 && fields[0] === '') {
    throw new CodecError('MISSING_HEADER', 'the first line is empty: the CSV document has no header row', { row: 0 });
  }
  // Names are checked against the known columns before anything else, so that no message ever
  // quotes a header name that may be a cell value (a card number, when the header row is missing).
  if (known !== undefined) {
    const unknown = fields.findIndex((name) => !known.has(name));
    const separator = unknown === -1 ? undefined : otherSeparator(fields, known);
    if (separator !== undefined) {
      throw new CodecError(
        'WRONG_SEPARATOR',
        `the header row is separated by ${separator}, but the gateway's CSV separates fields with ";": ` +
          `save the file with ";" as the separator (a spreadsheet's "CSV" export often uses ",")`,
        { row: 0 },
      );
    }
    if (unknown !== -1) {
      const expected = [...known].slice(0, 3).join(', ');
      throw new CodecError(
        'UNKNOWN_HEADER',
        `the header row's column ${unknown + 1} is not a known column name; the first row must name the columns ` +
          `(first expected: ${expected}${known.size > 3 ? ', ...' : ''})`,
        { row: 0, field: unknown + 1 },
      );
    }
  }
  const seen = new Map<string, number>();
  fields.forEach((column, index) => {
    if (column === '') {
      throw new CodecError('INVALID_COLUMN', `the header, field ${index + 1}: a column name is empty`, { row: 0, field: index + 1 });
    }
    const first = seen.get(column);
    if (first !== undefined) {
      throw known === undefined
        ? new CodecError('DUPLICATE_COLUMN', `the header's fields ${first + 1} and ${index + 1} hold the same column name`, { row: 0, field: index + 1 })
        : new CodecError('DUPLICATE_COLUMN', `the header names column ${JSON.stringify(column)} twice`, { row: 0, column, field: index + 1 });
    }
    seen.set(column, index);
  });
  return fields;
}

// The separator a header row read as one field was written with, when splitting on it gives known
// column names only: the names are not quoted (they were not checked when they are not all known).
function otherSeparator(fields: string[], known: ReadonlySet<string>): '","' | 'TAB' | undefined {
  if (fields.length !== 1) return undefined;
  const [line] = fields as [string];
  for (const [separator, name] of [
    [',', '","'],
    ['\t', 'TAB'],
  ] as const) {
    const names = line.split(separator).map((part) => part.trim().replace(/^"(.*)"$/, '$1'));
    if (names.length > 1 && names.every((part) => known.has(part))) return name;
  }
  return undefined;
}

function toRow(columns: string[], fields: string[], row: number, hasProtoColumn: boolean): Record<string, string> {
  if (fields.length !== columns.length) {
    throw new CodecError('RAGGED_ROW', `row ${row} has ${fields.length} field${fields.length === 1 ? '' : 's'}, the header has ${columns.length}`, { row });
  }
  const record: Record<string, string> = {};
  for (let k = 0; k < columns.length; k++) {
    const column = columns[k] as string;
    // Assigning `__proto__` would set the prototype and lose the value; define it as data instead.
    if (hasProtoColumn && column === '__proto__') {
      Object.defineProperty(record, column, { value: fields[k], enumerable: true, writable: true, configurable: true });
    } else {
      record[column] = fields[k] as string;
    }
  }
  return record;
}
