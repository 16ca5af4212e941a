// Issue #23 item 2, the bulk side: the file journal must not serialise rows on the disk's sync
// latency (one write and one fdatasync per record, one after another), and a row still counts as
// done only once its record is on disk. Appends that arrive while a write and its sync are under
// way go out together: 64 appends made at once take one write, not 64.
import { constants, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournalText, type BulkRecord } from '../src/index.js';
import { createFileJournal } from '../src/node.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-group-commit-'));
const record = (row: number): BulkRecord => ({ row, recurringPaymentId: `rp-${row}`, outcome: 'updated', serialNumber: `s-${row}` });
const linesIn = (path: string) => readJournalText(readFileSync(path, 'utf8')).records;

describe('the file journal commits appends in groups', () => {
  it('each append resolves only once its record is in the file; 64 at once go out in one write', async () => {
    const path = join(dir, 'group.journal');
    const journal = createFileJournal(path);
    await journal.load();
    // What the file holds at the moment each append resolves.
    const seenAtResolve = new Map<number, number[]>();
    await Promise.all(
      Array.from({ length: 64 }, (_, n) =>
        journal.append(record(n + 1)).then(() =>
          seenAtResolve.set(
            n + 1,
            linesIn(path).map((r) => r.row),
          ),
        ),
      ),
    );
    await journal.close();
    for (const [row, rows] of seenAtResolve) expect(rows, `row ${row} resolved before its record was written`).toContain(row);
    // Appends made together are written (and synced) as one group: the first resolves with all 64
    // on disk (written one by one, it would see 1).
    expect(seenAtResolve.get(1)).toHaveLength(64);
    expect(seenAtResolve.get(2)).toHaveLength(64);
    expect(linesIn(path).map((r) => r.row)).toEqual(Array.from({ length: 64 }, (_, n) => n + 1));
  });

  it('writes with O_DSYNC (Linux): each write returns once its bytes are on the disk, so no fdatasync per batch', async () => {
    const path = join(dir, 'dsync.journal');
    const journal = createFileJournal(path);
    await journal.load();
    await journal.append(record(1));
    // The journal's open descriptor, found by its path, and the flags it was opened with.
    const real = realpathSync(path);
    const fds = readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === real;
      } catch {
        return false;
      }
    });
    expect(fds).toHaveLength(1);
    const flags = Number.parseInt(/^flags:\s+([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fds[0]}`, 'utf8'))?.[1] ?? '0', 8);
    expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
    await journal.close();
    expect(linesIn(path).map((r) => r.row)).toEqual([1]);
  });
});
