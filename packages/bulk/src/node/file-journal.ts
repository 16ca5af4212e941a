import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { BulkError } from '../bulk-errors.js';
import type { BulkRecord } from '../bulk-types.js';
import { formatJournalLine, readJournalText, type BulkJournal } from '../journal.js';
import { acquireJournalLock, type JournalLock } from './journal-lock.js';

/** O_DSYNC (Linux, macOS, the BSDs); 0 where the system has none (Windows): write, then fdatasync. */
const DSYNC: number = constants.O_DSYNC ?? 0;

/**
 * A journal in an append-only file: one JSON line per row's final outcome. `append` resolves
 * only once the line is on the disk (the file is written with `O_DSYNC`, so a write returns only
 * once synced; where the system has no `O_DSYNC`, each write is followed by fdatasync), so a row
 * counts as done only when its outcome would survive a crash, a power cut or `kill -9`. Appends
 * made before the write starts (it starts in a microtask after the first, so those made by the
 * same synchronous code and its microtasks), and those that arrive while a write is under way, are
 * written and synced together (group commit), so concurrency is not serialised on the disk's sync
 * latency.
 *
 * `load()` opens (or creates) the file, takes its lock, and reads it; an unterminated last line
 * that is the start of a record (a write cut short by a crash) is dropped and cut off the file
 * before the next append, since its row was not done. Any other unreadable line, or a last line
 * that is not a record (the file is not a journal), is `BULK_JOURNAL_CORRUPT`, and the file is
 * left as it was. The file holds row numbers, recurring-payment-ids, outcomes, serial numbers and
 * error messages, card data masked.
 *
 * **One run per journal.** `load()` takes the lock `<journal>.lock` (the journal's real path, so
 * a symlink or another spelling of the path finds the same lock) and `close()` releases it. While
 * another run holds it, `load()` refuses with `BULK_JOURNAL_LOCKED`: two runs on one journal would
 * send every row twice and overwrite each other's records. The lock names its holder (pid, host,
 * boot id, start time); a holder on this host that is gone (crashed, killed with `kill -9`, or
 * from before a reboot) does not keep the journal locked: the next run removes its lock. A lock
 * of another host cannot be checked and refuses the run; its message says which file to delete
 * once that run is known to be gone.
 *
 * **Trusted input.** A recorded row is never sent again, whatever its line says: the journal is
 * trusted as its owner wrote it. It is created with mode 0600, and an existing journal that another
 * user owns, or that group or others may write, is refused (`BULK_INPUT`) before a line is read. Its
 * lines are not signed: whoever can write the file as its owner can as well edit the input or use
 * the merchant's key, and a key kept beside the journal would be theirs to read too.
 *
 * @example
 * ```ts
 * const journal = createFileJournal('update-2025-06.journal');
 * const summary = await bulkUpdateRecurringPayments({ client, source: csvFileRows('rows.csv'), journal });
 * await journal.close();
 * ```
 */
export function createFileJournal(path: string): BulkJournal {
  const synchronousWrites = DSYNC !== 0;
  let handle: FileHandle | undefined;
  let lock: JournalLock | undefined;
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
        // Opened with O_DSYNC where the system has it: each write returned only once its bytes (and
        // the size that reaches them) were on the disk, as write + fdatasync: one system call, one
        // trip through the thread pool, per batch.
        if (!synchronousWrites) await handle.datasync();
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
        handle = await open(path, 'a+', 0o600);
        await refuseSharedJournal(handle, path);
        lock = await acquireJournalLock(path, `${await realpath(path)}.lock`);
      } catch (error) {
        await handle?.close();
        handle = undefined;
        if (error instanceof BulkError) throw error;
        throw new BulkError('BULK_INPUT', `journal ${JSON.stringify(path)}: cannot open the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      }
      try {
        const text = await handle.readFile('utf8');
        const { records, completeLength } = readJournalText(text);
        // Bytes, not characters: the text is UTF-8.
        position = Buffer.byteLength(text.slice(0, completeLength), 'utf8');
        const size = Buffer.byteLength(text, 'utf8');
        // 'a' mode writes at the end whatever the position: reopen for positioned writes.
        await handle.close();
        handle = await open(path, synchronousWrites ? constants.O_RDWR | DSYNC : 'r+');
        if (size > position) {
          // Cut off the torn last record.
          await handle.truncate(position);
          await handle.datasync();
        }
        return records;
      } catch (error) {
        await handle?.close();
        handle = undefined;
        await lock?.release();
        lock = undefined;
        throw error;
      }
    },
    append(record: BulkRecord) {
      if (closed) return Promise.reject(new BulkError('BULK_INVALID_OPTIONS', 'the journal is closed'));
      return new Promise<void>((resolve, reject) => {
        queue.push({ line: formatJournalLine(record), resolve, reject });
        // The write starts once the appends made together with this one are queued: one write for them all.
        if (!writing) {
          writing = true;
          queueMicrotask(() => void flush());
        }
      });
    },
    async close() {
      closed = true;
      // Appends under way end before the file closes: wait for the batch after them, which the
      // write loop takes as soon as it is done (no polling). An empty line adds no byte.
      if (writing) await new Promise<void>((resolve) => queue.push({ line: '', resolve, reject: () => resolve() }));
      await handle?.close();
      handle = undefined;
      await lock?.release();
      lock = undefined;
    },
  };
}

/**
 * The journal decides which rows are never sent again, so only its owner may have written it: a
 * file of another user, or one that group or others may write, is refused before it is read.
 */
async function refuseSharedJournal(handle: FileHandle, path: string): Promise<void> {
  const { uid, mode } = await handle.stat();
  const owner = process.getuid?.();
  const problem =
    owner !== undefined && uid !== owner
      ? `belongs to another user (uid ${uid})`
      : (mode & 0o022) !== 0
        ? `may be written by ${(mode & 0o020) !== 0 ? 'its group' : 'other users'} (mode ${(mode & 0o777).toString(8).padStart(4, '0')})`
        : undefined;
  if (problem === undefined) return;
  throw new BulkError(
    'BULK_INPUT',
    `journal ${JSON.stringify(path)} ${problem}: a journal's lines decide which rows are never sent again, so only the user running bulk may write it (chmod 600, owned by that user)`,
  );
}
