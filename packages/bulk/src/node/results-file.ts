import { randomBytes } from 'node:crypto';
import { constants, type FileHandle, lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { BulkError } from '../bulk-errors.js';
import type { BulkRecord } from '../bulk-types.js';
import { formatResultLine, RESULTS_HEADER_LINE } from '../results-csv.js';

/**
 * A results file opened by {@link openResultsFile}: `write` puts the records in place, `discard`
 * removes what `write` has not used (call it in a `finally`: after `write` it does nothing).
 *
 * @example
 * ```ts
 * import { openResultsFile, type ResultsFile } from '@paysign/bulk/node';
 *
 * const results: ResultsFile = await openResultsFile('results.csv');
 * try {
 *   await results.write(records);
 * } finally {
 *   await results.discard();
 * }
 * ```
 */
export interface ResultsFile {
  /** Writes the header line, then one {@link formatResultLine} per record, sorted by row, and renames the file into place. */
  write(records: readonly BulkRecord[]): Promise<void>;
  /** Removes the file made aside when `write` was never called; `path` is left as it was. */
  discard(): Promise<void>;
}

/**
 * Opens a results file before a run, so that a path that cannot be written is refused before
 * anything is sent. The file is never written through a link: a symbolic link (or anything but a
 * regular file) at `path` is refused, and the lines go to a new file beside it (created
 * exclusively, never following a link, mode 0644) that is renamed over `path` once complete. The
 * file is written whole each time, header line first ({@link RESULTS_HEADER_LINE}), so a run resumed
 * with the same journal writes one header and every row once. A link
 * planted at `path` meanwhile is replaced, not followed; a run that fails leaves `path` as it was.
 *
 * @throws {BulkError} `BULK_INVALID_OPTIONS` when `path` is a symbolic link or not a regular file,
 *   or cannot be written (the message names the path and the system's code).
 * @example
 * ```ts
 * import { openResultsFile } from '@paysign/bulk/node';
 *
 * const results = await openResultsFile('results.csv'); // refused here for a link
 * const records: BulkRecord[] = [];
 * await bulkUpdateRecurringPayments({ client, source, onRecord: (record) => records.push(record) });
 * await results.write(records);
 * ```
 */
export async function openResultsFile(path: string): Promise<ResultsFile> {
  const what = `results file ${JSON.stringify(path)}`;
  const cannotWrite = (error: unknown) =>
    new BulkError('BULK_INVALID_OPTIONS', `${what}: cannot write the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
  await refuseLink(path, what);
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let file: FileHandle | undefined;
  try {
    file = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  } catch (error) {
    throw cannotWrite(error);
  }
  const discard = async () => {
    if (file === undefined) return;
    await file.close().catch(() => {});
    file = undefined;
    await unlink(temp).catch(() => {});
  };
  return {
    async write(records) {
      if (file === undefined) throw new BulkError('BULK_INVALID_OPTIONS', `${what}: already written or discarded`);
      try {
        const sorted = [...records].sort((a, b) => a.row - b.row);
        await file.writeFile(RESULTS_HEADER_LINE + sorted.map(formatResultLine).join(''), 'utf8');
        await file.sync();
        await file.close();
        file = undefined;
        await rename(temp, path);
      } catch (error) {
        await discard();
        await unlink(temp).catch(() => {});
        throw cannotWrite(error);
      }
    },
    discard,
  };
}

/** An existing `path` must be a regular file, not a link to one (nor a directory, a FIFO, a device). */
async function refuseLink(path: string, what: string): Promise<void> {
  const found = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new BulkError('BULK_INVALID_OPTIONS', `${what}: cannot be checked (${error.code ?? 'error'})`, { cause: error });
  });
  if (found === undefined || found.isFile()) return;
  throw new BulkError(
    'BULK_INVALID_OPTIONS',
    found.isSymbolicLink()
      ? `${what} is a symbolic link: refused, so that nothing is written where it points; name a regular file`
      : `${what} is not a regular file: name a regular file (it is replaced) or a new one`,
  );
}
