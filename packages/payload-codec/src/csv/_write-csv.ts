import { CodecError, describeLocation } from '../errors.js';
import { STRUCTURAL, describeStructuralCharacter, quoteCell, type Quoting } from './_cell.js';
import { isWellFormedText } from './_strings.js';

/** One CSV data row: a value per column name; `undefined` or a missing key is an empty cell. */
export type CsvRow = Readonly<Record<string, string | undefined>>;

/** How {@link encodeCsv} writes a document. */
export interface EncodeCsvOptions {
  /** The header, in order. Every key of every row must be one of these. */
  readonly columns: readonly string[];
  /**
   * `'reject'` (default) refuses a value holding `;`, `"`, CR or LF, since the gateway's CSV
   * parser is not documented; `'rfc4180'` encloses such values in quotes, doubling `"`.
   */
  readonly quoting?: Quoting;
}

const CRLF = '\r\n';

// Lines are gathered into chunks of about this many UTF-16 units before they are handed on, so a
// consumer (string parts, or the UTF-8/Base64 stage) works on ~64 KiB at a time, never per cell.
const CHUNK_UNITS = 1 << 16;

function readQuoting(options: EncodeCsvOptions): Quoting {
  const quoting = options.quoting ?? 'reject';
  if (quoting !== 'reject' && quoting !== 'rfc4180') {
    throw new CodecError('INVALID_OPTION', `quoting must be 'reject' or 'rfc4180'`);
  }
  return quoting;
}

function checkColumns(columns: unknown): readonly string[] {
  if (!Array.isArray(columns) || columns.length === 0) {
    throw new CodecError('MISSING_HEADER', 'columns must be a non-empty array of column names');
  }
  const seen = new Set<string>();
  for (const column of columns as unknown[]) {
    if (typeof column !== 'string' || column === '') {
      throw new CodecError('INVALID_COLUMN', `column ${seen.size + 1} must be a non-empty string`);
    }
    if (seen.has(column)) {
      throw new CodecError('DUPLICATE_COLUMN', `column ${JSON.stringify(column)} appears twice`, { column });
    }
    if (!isWellFormedText(column)) {
      throw new CodecError('INVALID_STRING', `column ${JSON.stringify(column)} holds a lone UTF-16 surrogate`, { column });
    }
    seen.add(column);
  }
  return columns as readonly string[];
}

function cell(value: string, quoting: Quoting, row: number, column: string): string {
  if (!STRUCTURAL.test(value)) return value;
  if (quoting === 'rfc4180') return quoteCell(value);
  throw new CodecError(
    'FORBIDDEN_CHARACTER',
    `${describeLocation(row, column)}: the ${row === 0 ? 'name' : 'value'} contains ${describeStructuralCharacter(value)}, ` +
      `which the gateway's CSV cannot carry unquoted (pass quoting: 'rfc4180' to quote it)`,
    { row, column },
  );
}

/**
 * Writes the CSV document (header, then one CRLF-ended line per row) to `sink` in chunks of whole
 * lines. Validates everything before a line is handed on; throws on the first bad cell.
 */
export function writeCsv(rows: Iterable<CsvRow>, options: EncodeCsvOptions, sink: (chunk: string) => void): void {
  if (typeof options !== 'object' || options === null) {
    throw new CodecError('INVALID_OPTION', 'options must be an object with a columns array');
  }
  const columns = checkColumns(options.columns);
  const quoting = readQuoting(options);
  const count = columns.length;
  const known = new Set(columns);
  // A column named like an Object.prototype member (`constructor`, `__proto__`) must be read as an
  // own property only, or every row would "have" it.
  const ownOnly = columns.map((column) => column in Object.prototype);

  let chunk = columns.map((column) => cell(column, quoting, 0, column)).join(';') + CRLF;
  let rowNumber = 0;
  for (const row of rows) {
    rowNumber++;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new CodecError('INVALID_ROW', `row ${rowNumber} must be an object keyed by column name`, { row: rowNumber });
    }
    let line = '';
    for (let i = 0; i < count; i++) {
      const column = columns[i] as string;
      const value = ownOnly[i] && !Object.hasOwn(row, column) ? undefined : row[column];
      let text: string;
      if (value === undefined) text = '';
      else if (typeof value === 'string') text = cell(value, quoting, rowNumber, column);
      else {
        throw new CodecError(
          'INVALID_VALUE',
          `${describeLocation(rowNumber, column)}: the value must be a string or undefined, not ${value === null ? 'null' : typeof value}`,
          { row: rowNumber, column },
        );
      }
      line = i === 0 ? text : `${line};${text}`;
    }
    for (const key of Object.keys(row)) {
      if (!known.has(key)) {
        throw new CodecError(
          'UNKNOWN_COLUMN',
          `row ${rowNumber} has the field ${JSON.stringify(key)}, which is not one of the columns (it would be lost)`,
          { row: rowNumber, column: key },
        );
      }
    }
    // Separators and line ends are ASCII, so a lone surrogate in the line is one in some cell.
    if (!isWellFormedText(line)) throw loneSurrogate(row, columns, rowNumber);
    chunk += line + CRLF;
    if (chunk.length >= CHUNK_UNITS) {
      sink(chunk);
      chunk = '';
    }
  }
  sink(chunk);
}

function loneSurrogate(row: CsvRow, columns: readonly string[], rowNumber: number): CodecError {
  const column = columns.find((name) => {
    const value = Object.hasOwn(row, name) ? row[name] : undefined;
    return value !== undefined && !isWellFormedText(value);
  });
  return new CodecError(
    'INVALID_STRING',
    `${describeLocation(rowNumber, column)}: the value holds a lone UTF-16 surrogate, which has no UTF-8 form`,
    column === undefined ? { row: rowNumber } : { row: rowNumber, column },
  );
}
