import { randomUUID } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { BulkError } from '../bulk-errors.js';

/** Who holds a journal: written once, whole, into `<journal>.lock`. */
interface LockHolder {
  pid: number;
  host: string;
  /** Linux's boot id: a holder from before a reboot is gone whatever its pid says. */
  boot?: string;
  started: string;
  token: string;
}

/** A journal lock this process holds. */
export interface JournalLock {
  /** Removes the lock file, if it is still this lock's. */
  release(): Promise<void>;
}

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ATTEMPTS = 50;

/**
 * Takes the lock of a journal file, or refuses: one bulk run per journal at a time. The lock is a
 * file created exclusively (written aside, then hard-linked into place, so it is never seen half
 * written) that names its holder: pid, host, boot id, start time. A holder on this host whose
 * process is gone (a crash, `kill -9`) or that ran before a reboot leaves a stale lock, which the
 * next run removes; a live holder, a holder on another host (it cannot be checked from here) and
 * an unreadable lock file refuse the run with `BULK_JOURNAL_LOCKED`.
 *
 * Removing a stale lock is itself exclusive: the remover first creates `<lock>.break-<token>`
 * (one per stale lock), so two runs that find the same stale lock cannot remove each other's
 * fresh one.
 */
export async function acquireJournalLock(journalPath: string, lockPath: string): Promise<JournalLock> {
  const me: LockHolder = { pid: process.pid, host: hostname(), ...(await bootId()), started: new Date().toISOString(), token: randomUUID() };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await createExclusive(lockPath, me)) return { release: () => releaseLock(lockPath, me.token) };
    const holder = await readHolder(lockPath);
    if (holder === undefined) continue; // released in between: try again
    if (holder === 'unreadable') {
      throw new BulkError(
        'BULK_JOURNAL_LOCKED',
        `journal ${shown(journalPath)}: its lock file ${shown(lockPath)} cannot be read (it was not written by a bulk run); if no run uses this journal, delete the lock file and start again`,
      );
    }
    if (holder.host !== me.host) {
      throw new BulkError(
        'BULK_JOURNAL_LOCKED',
        `journal ${shown(journalPath)} is in use by a run on host ${shown(holder.host)} (pid ${holder.pid}, started ${shown(holder.started)}), which cannot be checked from here: ` +
          `two runs on one journal would send rows twice. If that run is gone, delete ${shown(lockPath)} and start again`,
      );
    }
    if (isAlive(holder, me)) {
      const who = holder.pid === process.pid ? 'this process (a file journal of it that was not closed)' : `pid ${holder.pid} on this host`;
      throw new BulkError(
        'BULK_JOURNAL_LOCKED',
        `journal ${shown(journalPath)} is in use by another run: ${who}, started ${shown(holder.started)}. Two runs on one journal would send rows twice ` +
          `and overwrite each other's records: wait for it to end, or give this run its own journal (each shard needs its own)`,
      );
    }
    await removeStaleLock(lockPath, holder.token);
  }
  throw new BulkError(
    'BULK_JOURNAL_LOCKED',
    `journal ${shown(journalPath)}: other runs keep taking and leaving its lock ${shown(lockPath)}; start one run at a time`,
  );
}

/** Creates `path` holding `holder`, whole, only if it does not exist yet. */
async function createExclusive(path: string, holder: LockHolder): Promise<boolean> {
  const content = `${JSON.stringify(holder)}\n`;
  const aside = `${path}.${holder.token}.${process.pid}.tmp`;
  await writeFile(aside, content, { flag: 'wx', mode: 0o644 });
  try {
    await link(aside, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    // A file system without hard links: create in place (a reader may then see it half written, and refuse).
    try {
      await writeFile(path, content, { flag: 'wx', mode: 0o644 });
      return true;
    } catch (fallback) {
      if ((fallback as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw new BulkError('BULK_INPUT', `cannot create the lock file ${shown(path)} (${(fallback as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  } finally {
    await unlink(aside).catch(() => {});
  }
}

async function readHolder(path: string): Promise<LockHolder | 'unreadable' | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return 'unreadable';
  }
  try {
    const v = JSON.parse(text) as Partial<Record<keyof LockHolder, unknown>> | null;
    if (
      v !== null &&
      typeof v === 'object' &&
      Number.isSafeInteger(v.pid) &&
      (v.pid as number) > 0 &&
      typeof v.host === 'string' &&
      typeof v.started === 'string' &&
      typeof v.token === 'string' &&
      TOKEN.test(v.token) &&
      (v.boot === undefined || typeof v.boot === 'string')
    ) {
      return v as LockHolder;
    }
  } catch {}
  return 'unreadable';
}

/** Whether a holder on this host still runs: its process exists (kill 0), and it started since the last boot. */
function isAlive(holder: LockHolder, me: LockHolder): boolean {
  if (holder.boot !== undefined && me.boot !== undefined && holder.boot !== me.boot) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Removes a lock whose holder is gone, unless another run is doing so. Only the run that created
 * the break marker of this stale lock removes it, after checking it is still that lock; a marker
 * left by a remover that died in between is passed by creating the next level's marker.
 */
async function removeStaleLock(lockPath: string, token: string): Promise<void> {
  const me: LockHolder = { pid: process.pid, host: hostname(), ...(await bootId()), started: new Date().toISOString(), token: randomUUID() };
  const marker = (level: number) => `${lockPath}.break-${token}${level === 0 ? '' : `-${level}`}`;
  for (let level = 0; level < ATTEMPTS; level++) {
    if (await createExclusive(marker(level), me)) {
      try {
        const current = await readHolder(lockPath);
        if (typeof current === 'object' && current.token === token) await unlink(lockPath).catch(() => {});
      } finally {
        for (let done = level; done >= 0; done--) await unlink(marker(done)).catch(() => {});
      }
      return;
    }
    const remover = await readHolder(marker(level));
    if (remover === undefined) return; // removed meanwhile: the caller tries again
    if (remover !== 'unreadable' && remover.host === me.host && !isAlive(remover, me)) continue;
    await new Promise((resolve) => setTimeout(resolve, 10)); // another run is removing it
    return;
  }
}

async function releaseLock(lockPath: string, token: string): Promise<void> {
  const holder = await readHolder(lockPath);
  if (typeof holder === 'object' && holder.token === token) await unlink(lockPath).catch(() => {});
}

async function bootId(): Promise<{ boot?: string }> {
  try {
    const boot = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
    return boot === '' ? {} : { boot };
  } catch {
    return {};
  }
}

/** Caller-chosen or file-read text in a message, quoted with control characters escaped. */
function shown(text: string): string {
  return JSON.stringify(text);
}
