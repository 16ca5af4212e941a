/**
 * Stable error codes of `@paysign/payload-codec`. A code never changes meaning between versions;
 * match on `error.code`, never on the message.
 *
 * @example
 * ```ts
 * import { CodecError, decodeCsv, type CodecErrorCode } from '@paysign/payload-codec';
 *
 * const headerMissing: CodecErrorCode[] = ['UNKNOWN_HEADER', 'MISSING_HEADER'];
 * try {
 *   decodeCsv(text, { columns: ['client-orderid', 'amount'] });
 * } catch (error) {
 *   if (error instanceof CodecError && headerMissing.includes(error.code)) console.error('the file needs its header row');
 * }
 * ```
 */
export type CodecErrorCode =
  | 'INVALID_OPTION' // an option has a value outside its documented set
  | 'INVALID_ROW' // a row is not a plain object of strings
  | 'INVALID_VALUE' // a cell value is not a string (or undefined, for an empty cell)
  | 'INVALID_STRING' // a name or value holds a lone UTF-16 surrogate, which has no UTF-8 form
  | 'UNKNOWN_COLUMN' // a row has a field that is not one of the columns (it would be dropped)
  | 'INVALID_COLUMN' // a column name is empty or not a string
  | 'DUPLICATE_COLUMN' // two columns have the same name
  | 'MISSING_HEADER' // no columns, or a CSV document without a header row
  | 'WRONG_SEPARATOR' // the header row splits on ',' (or TAB) into known columns: the file was saved with another separator than ';'
  | 'UNKNOWN_HEADER' // a header name that is not a known column: most often the header row is missing and the first data row was read as one
  | 'NUL_CHARACTER' // a NUL (U+0000) in a cell or a column name, which no CSV reader handles alike
  | 'FORBIDDEN_CHARACTER' // `;`, `"`, CR or LF in a cell while quoting is 'reject'
  | 'INVALID_QUOTING' // a CSV quote that RFC 4180 does not allow (stray, unterminated, text after it)
  | 'BARE_LINE_BREAK' // a CR or LF outside quotes that is not part of a CRLF line end
  | 'RAGGED_ROW' // a CSV row whose field count differs from the header's
  | 'RECORD_TOO_LONG' // a CSV record read by decodeCsvStream holds more bytes than its cap (maxRecordBytes)
  | 'INVALID_BASE64' // a payload that is not canonical padded standard Base64
  | 'INVALID_UTF8'; // payload bytes that are not well-formed UTF-8

/**
 * Where in a CSV document an error was found: never the value itself, which may be a card number.
 *
 * @example
 * ```ts
 * import { CodecError, type CodecErrorLocation } from '@paysign/payload-codec';
 *
 * try {
 *   decodePayload(payload, { columns: 'any' });
 * } catch (error) {
 *   if (error instanceof CodecError) {
 *     const { row, column, field }: CodecErrorLocation = error;
 *     console.error(error.code, { row, column, field }); // never the cell's value
 *   }
 * }
 * ```
 */
export interface CodecErrorLocation {
  /** 1-based data row (the header is row 0). */
  readonly row?: number;
  /** The column name: only a name the caller gave or a known column, never a name read from a document unchecked. */
  readonly column?: string;
  /** 1-based position of the field in its line, for decoding errors. */
  readonly field?: number;
}

/**
 * The one error class that `@paysign/payload-codec` throws. Its message names the row, the column
 * and the rule that was broken; it never contains a cell value (it may be a card number or CVV).
 *
 * @example
 * ```ts
 * try {
 *   encodeCsv([{ 'card-printed-name': 'Doe; John' }], { columns: ['card-printed-name'] });
 * } catch (error) {
 *   if (error instanceof CodecError && error.code === 'FORBIDDEN_CHARACTER') {
 *     console.error(error.message, error.row, error.column); // row 1, 'card-printed-name'
 *   }
 * }
 * ```
 */
export class CodecError extends Error {
  override readonly name = 'CodecError';
  readonly code: CodecErrorCode;
  /** 1-based data row the error was found in (0 is the header); absent when not about a row. */
  readonly row?: number;
  /** The column the error was found in; absent when not about a column, or when its name was not checked against the known columns. */
  readonly column?: string;
  /** 1-based position of the field in its line (decoding errors). */
  readonly field?: number;

  constructor(code: CodecErrorCode, message: string, location: CodecErrorLocation = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    if (location.row !== undefined) this.row = location.row;
    if (location.column !== undefined) this.column = location.column;
    if (location.field !== undefined) this.field = location.field;
  }
}
