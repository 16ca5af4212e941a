import { writeCsv, type CsvRow, type EncodeCsvOptions } from './_write-csv.js';

/**
 * Writes rows as the gateway's CSV: a header of `columns`, then one line per row, fields separated
 * by `;`, every line ended with CRLF. A missing or `undefined` cell is written empty.
 *
 * Nothing is dropped or altered: a row key that is not a column, a non-string value, a NUL, a
 * lone surrogate, or (with the default `quoting: 'reject'`) a value holding `;`, `"`, CR or LF is
 * refused with a {@link CodecError} naming the row and column, never the value. Every other value
 * is written verbatim, byte for byte: the gateway's CSV is read by a machine, not a spreadsheet,
 * so a cell starting with `=`, `+`, `-` or `@` (a negative amount, a `+351` phone number) is
 * neither escaped nor prefixed.
 *
 * @throws {CodecError} `MISSING_HEADER`, `INVALID_COLUMN` (also for a first name starting with
 *   U+FEFF, which readers take for a byte-order mark), `DUPLICATE_COLUMN`, `INVALID_OPTION`,
 *   `INVALID_ROW`, `INVALID_VALUE`, `INVALID_STRING`, `UNKNOWN_COLUMN`, `FORBIDDEN_CHARACTER`,
 *   `NUL_CHARACTER`.
 * @example
 * ```ts
 * encodeCsv([{ 'client-orderid': '902B4FF5', city: 'Köln' }], { columns: ['client-orderid', 'city'] });
 * // 'client-orderid;city\r\n902B4FF5;Köln\r\n'
 * encodeCsv([{ name: 'Doe; John' }], { columns: ['name'], quoting: 'rfc4180' });
 * // 'name\r\n"Doe; John"\r\n'
 * ```
 */
export function encodeCsv(rows: Iterable<CsvRow>, options: EncodeCsvOptions): string {
  // The writer hands over whole cells, so every piece is complete UTF-8 on its own; ignoreBOM
  // keeps a U+FEFF that starts a piece (a first cell of a line, say) as text.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const parts: string[] = [];
  writeCsv(rows, options, {
    write(bytes) {
      parts.push(decoder.decode(bytes));
      return bytes.length;
    },
    end(bytes) {
      parts.push(decoder.decode(bytes));
    },
  });
  return parts.join('');
}
