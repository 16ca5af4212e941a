import { open, type FileHandle } from 'node:fs/promises';
import { BulkError } from '../bulk-errors.js';
import type { BulkRecord } from '../bulk-types.js';
import { formatJournalLine, readJournalText, type BulkJournal } from '../journal.js';

/**
 * A journal in an append-only file: one JSON line per row's final outcome. `append` resolves
 * only once the line is written and fsynced (fdatasync), so a row counts as done only when its
 * outcome would survive a crash, a power cut or `kill -9`. Appends that arrive while a write is
 * under way are written and synced together (group commit), so concurrency is not serialised on
 * the disk's sync latency.
 *
 * `load()` opens (or creates) the file and reads it; an unterminated last line (a write cut short
 * by a crash) is dropped and cut off the file before the next append, since its row was not
 * done. Any other unreadable line is `BULK_JOURNAL_CORRUPT`. The file holds row numbers,
 * recurring-payment-ids (masked), outcomes, serial numbers and masked error messages: no card data.
 *
 * @example
 * ```ts
 * const journal = createFileJournal('update-2025-06.journal');
 * const summary = await bulkUpdateRecurringPayments({ client, source: csvFileRows('rows.csv'), journal });
 * await journal.close();
 * ```
 */
export function createFileJournal(path: string): BulkJournal {
  let handle: FileHandle | undefined;
  let position = 0;
  let queue: { line: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing = false;
  let closed = false;

  async function flush(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        if (handle === undefined) throw new BulkError('BULK_INVALID_OPTIONS', 'the journal was not loaded (call load() first) or is closed');
        const bytes = Buffer.from(batch.map((entry) => entry.line).join(''), 'utf8');
        let written = 0;
        while (written < bytes.length) {
          const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, position + written);
          written += bytesWritten;
        }
        await handle.datasync();
        position += bytes.length;
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    writing = false;
  }

  return {
    async load() {
      if (handle !== undefined) throw new BulkError('BULK_INVALID_OPTIONS', 'the journal is already loaded');
      try {
        handle = await open(path, 'a+');
      } catch (error) {
        throw new BulkError('BULK_INPUT', `journal ${path}: cannot open the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      }
      const text = await handle.readFile('utf8');
      const { records, completeLength } = readJournalText(text);
      // Bytes, not characters: the text is UTF-8.
      position = Buffer.byteLength(text.slice(0, completeLength), 'utf8');
      const size = Buffer.byteLength(text, 'utf8');
      if (size > position) {
        await handle.close();
        // 'a' mode writes at the end whatever the position: reopen for positioned writes after cutting the torn line.
        handle = await open(path, 'r+');
        await handle.truncate(position);
        await handle.datasync();
      } else {
        await handle.close();
        handle = await open(path, 'r+');
      }
      return records;
    },
    append(record: BulkRecord) {
      if (closed) return Promise.reject(new BulkError('BULK_INVALID_OPTIONS', 'the journal is closed'));
      return new Promise<void>((resolve, reject) => {
        queue.push({ line: formatJournalLine(record), resolve, reject });
        if (!writing) void flush();
      });
    },
    async close() {
      closed = true;
      while (writing) await new Promise((resolve) => setTimeout(resolve, 1));
      await handle?.close();
      handle = undefined;
    },
  };
}
