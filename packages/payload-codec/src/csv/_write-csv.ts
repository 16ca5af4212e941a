import { describeLocation } from '../_location.js';
import { CodecError, type CodecErrorLocation } from '../errors.js';
import type { Quoting } from './_cell.js';
import { checkCsvCell } from './check-csv-cell.js';
import { NEEDS_ATTENTION, writeCellUtf8 } from './_utf8-cell.js';

/**
 * One CSV data row: a value per column name; `undefined` or a missing key is an empty cell.
 *
 * @example
 * ```ts
 * import { encodeCsv, type CsvRow } from '@paysign/payload-codec';
 *
 * const row: CsvRow = { 'client-orderid': 'order-1', amount: '10.42', 'order_desc': undefined }; // undefined: an empty cell
 * encodeCsv([row], { columns: ['client-orderid', 'amount', 'order_desc'] }); // 'client-orderid;amount;order_desc\r\norder-1;10.42;\r\n'
 * ```
 */
export type CsvRow = Readonly<Record<string, string | undefined>>;

/**
 * How {@link encodeCsv} writes a document.
 *
 * @example
 * ```ts
 * import { encodePayload, type EncodeCsvOptions } from '@paysign/payload-codec';
 * import { recurringPaymentColumns } from '@paysign/protocol/wire';
 *
 * const options: EncodeCsvOptions = { columns: recurringPaymentColumns, quoting: 'reject' };
 * const payload = encodePayload(rows, options);
 * ```
 */
export interface EncodeCsvOptions {
  /** The header, in order. Every key of every row must be one of these. */
  readonly columns: readonly string[];
  /**
   * `'reject'` (default) refuses a value holding `;`, `"`, CR or LF, since the gateway's CSV
   * parser is not documented; `'rfc4180'` encloses such values in quotes, doubling `"`.
   */
  readonly quoting?: Quoting;
}

/** Where the CSV's UTF-8 bytes go, a buffer-full at a time. */
export interface ByteSink {
  /** Consumes a prefix of `bytes` (it may not keep the view) and returns its length; the rest is offered again. */
  write(bytes: Uint8Array): number;
  /** Consumes the last bytes, all of them. */
  end(bytes: Uint8Array): void;
}

// The bytes around cells; encodeCsvRecord writes its header-less line with the same ones.
export const SEMICOLON = 0x3b;
const QUOTE = 0x22;
export const CR = 0x0d;
export const LF = 0x0a;

// The buffer is handed to the sink whenever the next cell might not fit, so the sink works on
// ~128 KiB at a time: large enough that per-call costs vanish, small enough to stay in cache.
const BUFFER_BYTES = 128 * 1024;
// One buffer kept across documents: a fresh 128 KiB per call (a one-row bulk payload, say) was
// most of the encoder's time (allocated, zeroed and collected each time). Both sinks copy what
// they are handed, so the buffer is free again (and wiped) when writeCsv returns; a nested call (a sink that
// writes another document) takes a buffer of its own.
let spare: Uint8Array | undefined = new Uint8Array(BUFFER_BYTES);

/**
 * Writes the CSV document (header, then one CRLF-ended line per row) as UTF-8 to `sink`, checking
 * every cell as it is encoded; throws on the first bad one. Time is linear in the output and
 * memory is one buffer, whatever the number of rows.
 */
export function writeCsv(rows: Iterable<CsvRow>, options: EncodeCsvOptions, sink: ByteSink): void {
  if (typeof options !== 'object' || options === null) {
    throw new CodecError('INVALID_OPTION', 'options must be an object with a columns array');
  }
  const plan = columnPlan(options.columns);
  const quoting = readQuoting(options.quoting);
  const scratch = spare ?? new Uint8Array(BUFFER_BYTES);
  spare = undefined;
  const reached = { end: 0 };
  try {
    writeDocument(rows, plan, quoting, sink, scratch, reached);
  } finally {
    // No card number or holder's name is left in the kept buffer (a memset, not an allocation):
    // every byte the document may have reached, not the whole 128 KiB behind a one-row payload.
    scratch.fill(0, 0, Math.min(reached.end, scratch.length));
    spare = scratch;
  }
}

/** The columns as writeDocument reads them, checked: worked out once per frozen array of columns. */
interface ColumnPlan {
  readonly columns: readonly string[];
  readonly known: ReadonlySet<string>;
  /**
   * A column named like an Object.prototype member (`constructor`, `__proto__`) is read as an own
   * property only, or every row would "have" it.
   */
  readonly ownOnly: readonly boolean[];
}

// A frozen plain array of strings cannot change, so its plan is kept (a bulk run writes every row's
// payload with the same `recurringPaymentColumns`); any other array is checked on every call.
const plans = new WeakMap<readonly string[], ColumnPlan>();

function columnPlan(given: unknown): ColumnPlan {
  const kept = Array.isArray(given) ? plans.get(given) : undefined;
  if (kept !== undefined) return kept;
  const columns = checkColumns(given);
  const plan: ColumnPlan = { columns, known: new Set(columns), ownOnly: columns.map((column) => column in Object.prototype) };
  if (unchangeable(columns)) plans.set(columns, plan);
  return plan;
}

function unchangeable(columns: readonly string[]): boolean {
  if (!Object.isFrozen(columns) || Object.getPrototypeOf(columns) !== Array.prototype) return false;
  for (let i = 0; i < columns.length; i++) if (!('value' in (Object.getOwnPropertyDescriptor(columns, i) ?? {}))) return false;
  return true;
}

function writeDocument(rows: Iterable<CsvRow>, plan: ColumnPlan, quoting: Quoting, sink: ByteSink, scratch: Uint8Array, reached: { end: number }): void {
  const { columns, known, ownOnly } = plan;
  const count = columns.length;

  let bytes: Uint8Array = scratch;
  let pos = 0;

  for (let i = 0; i < count; i++) {
    const column = columns[i] as string;
    const needed = column.length * 3 + 4;
    if (pos + needed > bytes.length) [bytes, pos] = makeRoom(sink, bytes, pos, needed);
    // Every write lands below the room made for it, so `reached.end` bounds what the scratch buffer holds.
    if (pos + needed > reached.end) reached.end = pos + needed;
    const end = writeCellUtf8(column, bytes, pos, false);
    pos = end === NEEDS_ATTENTION ? writeFlaggedCell(column, bytes, pos, quoting, { row: 0, column }) : end;
    bytes[pos++] = i === count - 1 ? CR : SEMICOLON;
  }
  bytes[pos++] = LF;

  let rowNumber = 0;
  for (const row of rows) {
    rowNumber++;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new CodecError('INVALID_ROW', `row ${rowNumber} must be an object keyed by column name`, { row: rowNumber });
    }
    for (let i = 0; i < count; i++) {
      const column = columns[i] as string;
      const value = ownOnly[i] && !Object.hasOwn(row, column) ? undefined : row[column];
      if (typeof value === 'string') {
        // Room for 3 bytes per UTF-16 unit, two quotes, and the separator or CR LF.
        const needed = value.length * 3 + 4;
        if (pos + needed > bytes.length) [bytes, pos] = makeRoom(sink, bytes, pos, needed);
        if (pos + needed > reached.end) reached.end = pos + needed;
        const end = writeCellUtf8(value, bytes, pos, false);
        pos = end === NEEDS_ATTENTION ? writeFlaggedCell(value, bytes, pos, quoting, { row: rowNumber, column }) : end;
      } else if (value === undefined) {
        if (pos + 2 > bytes.length) [bytes, pos] = makeRoom(sink, bytes, pos, 2);
        if (pos + 2 > reached.end) reached.end = pos + 2;
      } else {
        throw new CodecError(
          'INVALID_VALUE',
          `${describeLocation(rowNumber, column)}: the value must be a string or undefined, not ${value === null ? 'null' : typeof value}`,
          { row: rowNumber, column },
        );
      }
      bytes[pos++] = i === count - 1 ? CR : SEMICOLON;
    }
    bytes[pos++] = LF; // room was made for it with the last cell
    for (const key of Object.keys(row)) {
      if (!known.has(key)) {
        throw new CodecError('UNKNOWN_COLUMN', `row ${rowNumber} has the field ${JSON.stringify(key)}, which is not one of the columns (it would be lost)`, {
          row: rowNumber,
          column: key,
        });
      }
    }
  }
  sink.end(bytes.subarray(0, pos));
}

/**
 * Hands the buffer to the sink and keeps what it leaves; grows the buffer only for a cell larger
 * than it. Returns the buffer and the write position.
 */
function makeRoom(sink: ByteSink, bytes: Uint8Array, pos: number, needed: number): [Uint8Array, number] {
  const taken = sink.write(bytes.subarray(0, pos));
  bytes.copyWithin(0, taken, pos);
  const kept = pos - taken;
  if (kept + needed <= bytes.length) return [bytes, kept];
  const grown = new Uint8Array(Math.max(kept + needed, bytes.length * 2));
  grown.set(bytes.subarray(0, kept));
  return [grown, kept];
}

/**
 * A cell the plain fast path stopped on: refused by {@link checkCsvCell} (NUL; lone surrogate;
 * structural character while quoting is 'reject') or written quoted at `pos`, whose room is made.
 * `location` is the cell's row and column, or its field position in a header-less record.
 * Returns the position after it.
 */
export function writeFlaggedCell(value: string, bytes: Uint8Array, pos: number, quoting: Quoting, location: CodecErrorLocation): number {
  const problem = checkCsvCell(value, quoting);
  if (problem !== undefined) {
    const where = location.row === undefined ? `field ${location.field}` : describeLocation(location.row, location.column);
    const hint = problem.code === 'FORBIDDEN_CHARACTER' ? ` (pass quoting: 'rfc4180' to quote it)` : '';
    throw new CodecError(problem.code, `${where}: the ${location.row === 0 ? 'name' : 'value'} ${problem.reason}${hint}`, location);
  }
  bytes[pos] = QUOTE;
  const closing = writeCellUtf8(value, bytes, pos + 1, true);
  bytes[closing] = QUOTE;
  return closing + 1;
}

/** The `quoting` option checked: `'reject'` when absent. */
export function readQuoting(quoting: unknown): Quoting {
  if (quoting === undefined) return 'reject';
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
    seen.add(column);
  }
  if ((columns[0] as string).startsWith('\uFEFF')) {
    // Readers, decodeCsv included, take a leading U+FEFF for a byte-order mark and drop it.
    throw new CodecError('INVALID_COLUMN', `the first column name starts with U+FEFF, which would be read back as a byte-order mark and lost`, {
      column: columns[0] as string,
    });
  }
  return columns as readonly string[];
}
