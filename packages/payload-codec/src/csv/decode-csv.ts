import { describeLocation } from '../_location.js';
import { CodecError } from '../errors.js';

/** A decoded CSV document: the header's column names, and each data row keyed by them. */
export interface DecodedCsv {
  columns: string[];
  rows: Record<string, string>[];
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
 * @throws {CodecError} `MISSING_HEADER` (no header row), `INVALID_COLUMN` (an empty column name),
 *   `DUPLICATE_COLUMN`, `RAGGED_ROW` (a row's field count is not the header's), `INVALID_QUOTING`,
 *   `BARE_LINE_BREAK` (a CR or LF outside quotes that is not a CRLF).
 * @example
 * ```ts
 * decodeCsv('client-orderid;city\r\n902B4FF5;"Köln; Altstadt"\r\n');
 * // { columns: ['client-orderid', 'city'], rows: [{ 'client-orderid': '902B4FF5', city: 'Köln; Altstadt' }] }
 * ```
 */
export function decodeCsv(text: string): DecodedCsv {
  if (typeof text !== 'string') throw new CodecError('INVALID_VALUE', 'the CSV document must be a string');
  const end = text.length;
  let columns: string[] | undefined;
  let hasProtoColumn = false;
  const rows: Record<string, string>[] = [];
  let lineNumber = 0; // 0 is the header; data rows count from 1, as CodecError.row does.
  let i = text.charCodeAt(0) === BOM ? 1 : 0;

  const fail = (code: 'INVALID_QUOTING' | 'BARE_LINE_BREAK', field: number, rule: string): CodecError => {
    const column = columns?.[field];
    const where = column === undefined ? `${describeLocation(lineNumber)}, field ${field + 1}` : describeLocation(lineNumber, column);
    return new CodecError(code, `${where}: ${rule}`, column === undefined ? { row: lineNumber } : { row: lineNumber, column });
  };

  while (i < end) {
    const fields: string[] = [];
    for (;;) {
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
      columns = readHeader(fields);
      hasProtoColumn = columns.includes('__proto__');
    } else {
      rows.push(toRow(columns, fields, lineNumber, hasProtoColumn));
    }
    lineNumber++;
  }

  if (columns === undefined) throw new CodecError('MISSING_HEADER', 'the CSV document is empty: it has no header row');
  return { columns, rows };
}

function readHeader(fields: string[]): string[] {
  if (fields.length === 1 && fields[0] === '') {
    throw new CodecError('MISSING_HEADER', 'the first line is empty: the CSV document has no header row', { row: 0 });
  }
  const seen = new Set<string>();
  fields.forEach((column, index) => {
    if (column === '') {
      throw new CodecError('INVALID_COLUMN', `the header, field ${index + 1}: a column name is empty`, { row: 0 });
    }
    if (seen.has(column)) {
      throw new CodecError('DUPLICATE_COLUMN', `the header names column ${JSON.stringify(column)} twice`, { row: 0, column });
    }
    seen.add(column);
  });
  return fields;
}

function toRow(columns: string[], fields: string[], row: number, hasProtoColumn: boolean): Record<string, string> {
  if (fields.length !== columns.length) {
    throw new CodecError('RAGGED_ROW', `row ${row} has ${fields.length} field${fields.length === 1 ? "" : "s"}, the header has ${columns.length}`, { row });
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
