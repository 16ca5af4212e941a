// Issue #19 item 8: one run per journal. Real processes (the built package, dist/: build it first),
// a real emulator over HTTP, real files.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type BulkError, bulkUpdateRecurringPayments, readJournalText } from '@paysign/bulk';
import { createFileJournal } from '@paysign/bulk/node';
import { createGatewayClient } from '@paysign/gateway';
import { bulkRows, CONTROL_KEY, csvText, ENDPOINT_ID, LOGIN, revisions, serveEmulator } from './bulk-helpers.js';

const CHILD = fileURLToPath(new URL('./bulk-crash-child.mjs', import.meta.url));
const ROWS = 40;
const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-lock-'));
const csv = join(dir, 'rows.csv');
writeFileSync(csv, csvText(bulkRows(ROWS), '\n'));

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: { error?: string; message?: string; updated?: number };
}

/** Starts a bulk run in its own process: `rate` rows per second keeps it running for a while. */
function start(url: string, journal: string, rate = '', shard?: string): { child: ChildProcess; ended: Promise<Ended> } {
  const child = spawn(process.execPath, [CHILD, url, csv, journal, '2', rate, ...(shard === undefined ? [] : [shard])], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.resume();
  const ended = new Promise<Ended>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, out: stdout === '' ? {} : (JSON.parse(stdout) as Ended['out']) })),
  );
  return { child, ended };
}

const journalRows = (path: string) => (existsSync(path) ? readJournalText(readFileSync(path, 'utf8')).records.map((r) => r.row) : []);

/** Waits until the journal has `count` records, or fails when the run ends first. */
async function journaled(path: string, count: number, ended: Promise<Ended>): Promise<void> {
  let over = false;
  void ended.then(() => (over = true));
  while (journalRows(path).length < count) {
    if (over) throw new Error(`the run ended before journaling ${count} rows`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const client = (url: string) => createGatewayClient({ baseUrl: url, endpointId: ENDPOINT_ID, login: LOGIN, controlKey: CONTROL_KEY });

describe('one run per journal: two processes', () => {
  it('a second run on a journal in use is refused at start, with a clear message; every row is sent once', async () => {
    const server = await serveEmulator(ROWS);
    closers.push(() => server.close());
    const journal = join(dir, 'twice.journal');
    const first = start(server.url, journal, '25');
    await journaled(journal, 3, first.ended);
    const second = await start(server.url, journal).ended;
    expect(second.code).toBe(3);
    expect(second.out.error).toBe('BULK_JOURNAL_LOCKED');
    expect(second.out.message).toContain(`pid ${first.child.pid} on this host`);
    expect(second.out.message).toMatch(/in use by another run.*send rows twice/);
    const done = await first.ended;
    expect(done.code).toBe(0);
    // Nothing was sent twice; each row recorded once.
    expect([...(await revisions(server.emulator)).values()]).toEqual(Array(ROWS).fill(1));
    expect(journalRows(journal).sort((a, b) => a - b)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });

  it('a run killed with SIGKILL while holding the lock does not leave the journal locked', async () => {
    const server = await serveEmulator(ROWS);
    closers.push(() => server.close());
    const journal = join(dir, 'killed.journal');
    const killed = start(server.url, journal, '25');
    await journaled(journal, 3, killed.ended);
    killed.child.kill('SIGKILL');
    expect((await killed.ended).signal).toBe('SIGKILL');
    // The crash left its lock behind, naming the dead process...
    const lock = JSON.parse(readFileSync(`${journal}.lock`, 'utf8')) as { pid: number; host: string };
    expect(lock).toMatchObject({ pid: killed.child.pid, host: hostname() });
    // ...and the next run sees that it is gone, takes the journal and finishes the rest.
    const next = await start(server.url, journal).ended;
    expect(next.code).toBe(0);
    expect(journalRows(journal).sort((a, b) => a - b)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });

  it('shards sharing one journal are refused: side by side (locked), one after the other (mismatch)', async () => {
    const server = await serveEmulator(ROWS);
    closers.push(() => server.close());
    const journal = join(dir, 'shared.journal');
    const runs = await Promise.all([start(server.url, journal, '20', '0/2').ended, start(server.url, journal, '20', '1/2').ended]);
    const winner = runs.findIndex((run) => run.code === 0);
    expect(runs.map((run) => run.code).sort()).toEqual([0, 3]);
    expect(runs[1 - winner]!.out.error).toBe('BULK_JOURNAL_LOCKED');
    // The journal holds the winner's shard only, each row once.
    const rows = journalRows(journal);
    expect(rows).toHaveLength(ROWS / 2);
    expect(new Set(rows).size).toBe(ROWS / 2);
    expect(rows.every((row) => (row - 1) % 2 === winner)).toBe(true);
    // The other shard on the same journal afterwards: refused before sending anything.
    const after = await start(server.url, journal, '', `${1 - winner}/2`).ended;
    expect(after.out.error).toBe('BULK_JOURNAL_MISMATCH');
    const counts = await revisions(server.emulator);
    for (let row = 1; row <= ROWS; row++) expect(counts.get(`rp-${row}`), `row ${row}`).toBe((row - 1) % 2 === winner ? 1 : 0);
  });
});

describe('the journal lock file', () => {
  const load = async (path: string) => {
    const journal = createFileJournal(path);
    try {
      await journal.load();
      return { journal, error: undefined };
    } catch (error) {
      return { journal, error: error as BulkError };
    }
  };
  const lockOf = (fields: Record<string, unknown>) =>
    JSON.stringify({ pid: process.pid, host: hostname(), started: '2026-01-01T00:00:00.000Z', token: '6f1c2a4e-0b3d-4e5f-8a9b-0c1d2e3f4a5b', ...fields });

  it('a second journal on the same file in one process is refused until the first is closed; a symlink finds the same lock', async () => {
    const path = join(dir, 'same-process.journal');
    const first = await load(path);
    expect(first.error).toBeUndefined();
    const second = await load(path);
    expect(second.error?.code).toBe('BULK_JOURNAL_LOCKED');
    expect(second.error?.message).toContain('this process');
    const link = join(dir, 'link-to-same-process.journal');
    symlinkSync(path, link);
    expect((await load(link)).error?.code).toBe('BULK_JOURNAL_LOCKED');
    await first.journal.close();
    const third = await load(link);
    expect(third.error).toBeUndefined();
    await third.journal.close();
  });

  it('a lock of another host is refused (it cannot be checked from here), naming the host and the file to delete', async () => {
    const path = join(dir, 'other-host.journal');
    writeFileSync(`${path}.lock`, lockOf({ pid: 1, host: 'batch-7\u001b[2J' }));
    const { error } = await load(path);
    expect(error?.code).toBe('BULK_JOURNAL_LOCKED');
    expect(error?.message).toContain('host "batch-7\\u001b[2J"');
    expect(error?.message).not.toContain('\u001b');
    expect(error?.message).toContain(`delete ${JSON.stringify(`${path}.lock`)}`);
  });

  it('an unreadable lock file is refused, not taken over', async () => {
    const path = join(dir, 'garbage.journal');
    writeFileSync(`${path}.lock`, 'not a lock');
    const { error } = await load(path);
    expect(error?.code).toBe('BULK_JOURNAL_LOCKED');
    expect(error?.message).toMatch(/cannot be read/);
    expect(readFileSync(`${path}.lock`, 'utf8')).toBe('not a lock');
  });

  it('a lock from before a reboot (Linux boot id) is stale even when its pid is in use again', async () => {
    const path = join(dir, 'rebooted.journal');
    writeFileSync(`${path}.lock`, lockOf({ boot: 'a-boot-before-this-one' })); // this process's pid: alive
    const { journal, error } = await load(path);
    if (!existsSync('/proc/sys/kernel/random/boot_id')) {
      // Without a boot id the pid is all there is to check: alive, so refused.
      expect(error?.code).toBe('BULK_JOURNAL_LOCKED');
      return;
    }
    expect(error).toBeUndefined();
    expect(JSON.parse(readFileSync(`${path}.lock`, 'utf8')).token).not.toBe('6f1c2a4e-0b3d-4e5f-8a9b-0c1d2e3f4a5b');
    await journal.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('a run refused by the lock sends nothing and leaves the holder its lock', async () => {
    const server = await serveEmulator(3);
    closers.push(() => server.close());
    const path = join(dir, 'held.journal');
    const holder = await load(path);
    const second = createFileJournal(path);
    const error = await bulkUpdateRecurringPayments({ client: client(server.url), source: () => bulkRows(3), journal: second }).catch((e: unknown) => e);
    await second.close();
    expect((error as BulkError).code).toBe('BULK_JOURNAL_LOCKED');
    expect([...(await revisions(server.emulator)).values()]).toEqual([0, 0, 0]);
    expect(existsSync(`${path}.lock`)).toBe(true);
    await holder.journal.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
