import { redactCardData } from '@paysign/protocol';
import { BulkError } from './bulk-errors.js';
import { BULK_OUTCOMES, type BulkOutcome, type BulkRecord } from './bulk-types.js';

/**
 * Where a bulk run records each row's final outcome. A row counts as done only once `append`
 * has resolved, so `append` must resolve only when the record is durable (a file journal writes
 * and fsyncs first). `load` returns every record appended before, by this run or an earlier one;
 * a record torn by a crash while it was written must be left out, not reported as corrupt.
 *
 * @example
 * ```ts
 * import type { BulkJournal, BulkRecord } from '@paysign/bulk';
 *
 * // A journal kept in a key-value store of your own (the file journal of @paysign/bulk/node fsyncs each line).
 * const journal: BulkJournal = {
 *   load: async () => (await store.list('bulk:')) as BulkRecord[],
 *   append: (record) => store.put(`bulk:${record.row}`, record),
 *   close: async () => {},
 * };
 * ```
 */
export interface BulkJournal {
  /** Every complete record, in the order appended. */
  load(): Promise<readonly BulkRecord[]> | AsyncIterable<BulkRecord>;
  /** Records one outcome durably; resolves once it would survive a crash of the process. */
  append(record: BulkRecord): Promise<void>;
  /** Releases the journal (closes a file); appending after it fails. */
  close(): Promise<void>;
}

const OUTCOMES: ReadonlySet<string> = new Set<BulkOutcome>(BULK_OUTCOMES);

/**
 * One record as one journal line: JSON, `\n`-terminated. Every text value goes through
 * `redactCardData` (again: a record made by hand may not be masked), so no card number reaches the file.
 *
 * @example
 * ```ts
 * formatJournalLine({ row: 1, recurringPaymentId: 'rp-1', outcome: 'updated', serialNumber: '00-1' });
 * // '{"row":1,"id":"rp-1","outcome":"updated","serial":"00-1"}\n'
 * ```
 */
export function formatJournalLine(record: BulkRecord): string {
  return `${JSON.stringify({
    row: record.row,
    id: redactCardData(record.recurringPaymentId),
    outcome: record.outcome,
    ...(record.serialNumber !== undefined && { serial: redactCardData(record.serialNumber) }),
    ...(record.errorCode !== undefined && { code: redactCardData(record.errorCode) }),
    ...(record.errorMessage !== undefined && { message: redactCardData(record.errorMessage) }),
  })}\n`;
}

/**
 * Reads one complete journal line (without its `\n`) back into a record.
 *
 * @throws {BulkError} `BULK_JOURNAL_CORRUPT` naming the line number (never its text).
 * @example
 * ```ts
 * parseJournalLine('{"row":1,"id":"rp-1","outcome":"updated"}', 1).outcome; // 'updated'
 * ```
 */
export function parseJournalLine(line: string, lineNumber: number): BulkRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BulkError('BULK_JOURNAL_CORRUPT', `journal line ${lineNumber} is not a JSON record (only the last line may be torn by a crash)`);
  }
  const v = value as Record<string, unknown> | null;
  if (
    typeof v !== 'object' ||
    v === null ||
    !Number.isSafeInteger(v.row) ||
    (v.row as number) < 1 ||
    typeof v.id !== 'string' ||
    typeof v.outcome !== 'string' ||
    !OUTCOMES.has(v.outcome)
  ) {
    throw new BulkError('BULK_JOURNAL_CORRUPT', `journal line ${lineNumber} is not a record of a bulk run (row, id, outcome)`);
  }
  const record: BulkRecord = { row: v.row as number, recurringPaymentId: v.id, outcome: v.outcome as BulkOutcome };
  if (typeof v.serial === 'string') record.serialNumber = v.serial;
  if (typeof v.code === 'string') record.errorCode = v.code;
  if (typeof v.message === 'string') record.errorMessage = v.message;
  return record;
}

/**
 * Reads journal text: complete lines are records; an unterminated last line that is the start of
 * a record (`{"row":...`, or a piece of it) is the write a crash cut short, and is dropped (its row
 * was not done). Returns the records and the length of the text up to the end of the last
 * complete line, where the next append must start.
 *
 * @throws {BulkError} `BULK_JOURNAL_CORRUPT` for a complete line that is not a record, and for an
 * unterminated last line that is not the start of one: the file is not a journal (a one-line file
 * named by mistake), and cutting that line off would erase it.
 * @example
 * ```ts
 * readJournalText('{"row":1,"id":"a","outcome":"updated"}\n{"row":2,"id"').records.length; // 1
 * ```
 */
export function readJournalText(text: string): { records: BulkRecord[]; completeLength: number } {
  const records: BulkRecord[] = [];
  let start = 0;
  let lineNumber = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    lineNumber++;
    const line = text.slice(start, end);
    if (line.trim() !== '') records.push(parseJournalLine(line, lineNumber));
    start = end + 1;
  }
  if (!isTornRecord(text.slice(start))) {
    throw new BulkError(
      'BULK_JOURNAL_CORRUPT',
      `journal line ${lineNumber + 1} is not a record and has no line end: the file is not a bulk journal (it was left as it was)`,
    );
  }
  return { records, completeLength: start };
}

const RECORD_START = '{"row":';

// What a crash can leave after the last complete line: nothing, or the first bytes of a record
// (formatJournalLine always starts with RECORD_START), possibly followed by the zeros of a block
// the file system allocated but never wrote.
function isTornRecord(tail: string): boolean {
  const written = tail.replace(/\0+$/, '');
  return written.startsWith(RECORD_START) || RECORD_START.startsWith(written);
}

/**
 * A journal in memory: for tests, and for runtimes without a file system when nothing needs to
 * survive the process. Give a store of your own (a KV namespace, a database table) for that:
 * implement {@link BulkJournal}, with `append` resolving only once the record is durable.
 *
 * @example
 * ```ts
 * const journal = createMemoryJournal();
 * await bulkUpdateRecurringPayments({ client, source: () => rows, journal });
 * journal.records.length; // one record per row
 * ```
 */
export function createMemoryJournal(initial: readonly BulkRecord[] = []): BulkJournal & { readonly records: readonly BulkRecord[] } {
  const records: BulkRecord[] = [...initial];
  return {
    records,
    async load() {
      return [...records];
    },
    async append(record) {
      records.push({ ...record });
    },
    async close() {},
  };
}
