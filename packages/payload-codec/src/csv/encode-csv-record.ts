import { CodecError } from '../errors.js';
import type { Quoting } from './_cell.js';
import { NEEDS_ATTENTION, writeCellUtf8 } from './_utf8-cell.js';
import { CR, LF, readQuoting, SEMICOLON, writeFlaggedCell } from './_write-csv.js';

/**
 * How {@link encodeCsvRecord} writes a line.
 *
 * @example
 * ```ts
 * import { encodeCsvRecord, type EncodeCsvRecordOptions } from '@paysign/payload-codec';
 *
 * const options: EncodeCsvRecordOptions = { quoting: 'rfc4180' };
 * encodeCsvRecord(['3', 'a;b'], options); // '3;"a;b"\r\n'
 * ```
 */
export interface EncodeCsvRecordOptions {
  /** As {@link encodeCsv}'s: `'reject'` (default) refuses `;`, `"`, CR and LF; `'rfc4180'` quotes them. */
  readonly quoting?: Quoting;
}

// Stateless (no `stream`), so one decoder serves every call; ignoreBOM keeps a leading U+FEFF as text.
const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * One header-less line of the gateway's CSV: the values in order, separated by `;`, ended with
 * CRLF, each checked and written as {@link encodeCsv} writes a cell (same rules, same writer), so
 * lines written one at a time, by several writers, concatenate into one document.
 *
 * @throws {CodecError} `INVALID_ROW` (not a non-empty array), `INVALID_VALUE` (not a string),
 *   `NUL_CHARACTER`, `INVALID_STRING`, `INVALID_OPTION`, and `FORBIDDEN_CHARACTER` with
 *   `quoting: 'reject'`; the error's `field` is the 1-based position of the value, never the value.
 * @example
 * ```ts
 * import { encodeCsvRecord } from '@paysign/payload-codec';
 *
 * encodeCsvRecord(['3', 'rp-3', 'refused']); // '3;rp-3;refused\r\n'
 * encodeCsvRecord(['4', 'say "hi"; bye'], { quoting: 'rfc4180' }); // '4;"say ""hi""; bye"\r\n'
 * ```
 */
export function encodeCsvRecord(values: readonly string[], options: EncodeCsvRecordOptions = {}): string {
  if (typeof options !== 'object' || options === null) throw new CodecError('INVALID_OPTION', 'options must be an object');
  const quoting = readQuoting(options.quoting);
  if (!Array.isArray(values) || values.length === 0) {
    throw new CodecError('INVALID_ROW', 'the record must be a non-empty array of strings');
  }
  // Room for 3 bytes per UTF-16 unit, two quotes and the separator per value, then CR LF.
  let size = 2;
  for (let i = 0; i < values.length; i++) {
    const value: unknown = values[i];
    if (typeof value !== 'string') {
      throw new CodecError('INVALID_VALUE', `field ${i + 1}: the value must be a string, not ${value === null ? 'null' : typeof value}`, { field: i + 1 });
    }
    size += value.length * 3 + 3;
  }
  const bytes = new Uint8Array(size);
  let pos = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as string;
    const end = writeCellUtf8(value, bytes, pos, false);
    pos = end === NEEDS_ATTENTION ? writeFlaggedCell(value, bytes, pos, quoting, { field: i + 1 }) : end;
    bytes[pos++] = i === values.length - 1 ? CR : SEMICOLON;
  }
  bytes[pos++] = LF;
  return decoder.decode(bytes.subarray(0, pos));
}
