// Node only: the lock that keeps one emulator per state directory. The lock is a file of its own
// generation: `lock` (generation 0), then `lock.1`, `lock.2`, ... Holding the directory means having
// created the newest generation, and creating one is a single exclusive step (O_EXCL). A stale
// lock (its process gone: kill -9) is never removed to be made again, which two emulators that
// found it at once could both do, each removing the other's fresh lock: it is passed by creating
// the next generation, which exactly one of them can. The winner then removes the older ones.
import { constants } from 'node:fs';
import { open, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { EmulatorError } from '../errors.js';

/** A state directory's lock, held by this process. */
export interface StateLock {
  /** The lock file's name in the directory (`lock` or `lock.<generation>`). */
  readonly name: string;
  /** Removes the lock file, giving the directory up. */
  release(): Promise<void>;
}

const GENERATION = /^lock(?:\.([1-9][0-9]{0,8}))?$/;
// O_NOFOLLOW: a link planted as a lock file is an error, never a way to write or read elsewhere.
const CREATE = constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_WRONLY;
const READ = constants.O_RDONLY | constants.O_NOFOLLOW;
// A lock file is created, then its pid and a newline written: one found without them (empty, or cut
// short) and younger than this is being taken by another emulator right now; an older one was left
// by a process that died in between.
const BEING_TAKEN_MS = 5_000;
const ATTEMPTS = 20;
/** The most of a lock file read: its pid, the process's identity and the newline are far fewer bytes. */
const LOCK_BYTES = 128;
// `<pid>\n`, or `<pid> <boot id>:<start time>\n` where the system tells which process a pid is.
const WHOLE_LOCK = /^([1-9][0-9]{0,9})(?: ([0-9a-f-]{1,64}:[0-9]{1,20}))?\n$/;

const fail = (message: string): never => {
  throw new EmulatorError('INVALID_STATE', message);
};
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'error';
const nameOf = (generation: number) => (generation === 0 ? 'lock' : `lock.${generation}`);

/** Whether `name` is one of a state directory's lock files. */
export function isStateLockFile(name: string): boolean {
  return GENERATION.test(name);
}

function generationOf(name: string): number | undefined {
  const match = GENERATION.exec(name);
  return match === null ? undefined : Number(match[1] ?? 0);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM'; // it exists, as another user's
  }
}

/**
 * Which process a pid is, where the system says (Linux: the boot's id and the process's start time
 * in clock ticks, field 22 of /proc/<pid>/stat), so that a lock whose pid a later process took
 * (after a reboot, a container's restart, or the pids wrapping around) is not read as held.
 * `undefined` elsewhere, or for a process that is gone.
 */
async function processIdentity(pid: number | 'self'): Promise<string | undefined> {
  try {
    const [boot, stat] = await Promise.all([readFile('/proc/sys/kernel/random/boot_id', 'latin1'), readFile(`/proc/${pid}/stat`, 'latin1')]);
    // The command name (field 2) is in parentheses and may hold spaces and parentheses: count the fields after its last ')'.
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return started !== undefined && /^[0-9]{1,20}$/.test(started) ? `${boot.trim()}:${started}` : undefined;
  } catch {
    return undefined;
  }
}

/** Who holds a lock file: a pid; `'gone'` once removed; `'being-taken'` while its pid is not written whole yet. */
async function holderOf(file: string, where: string): Promise<number | 'gone' | 'being-taken' | 'stale'> {
  let text: string;
  let age: number;
  try {
    const handle = await open(file, READ);
    try {
      age = Date.now() - (await handle.stat()).mtimeMs;
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(LOCK_BYTES), 0, LOCK_BYTES, 0);
      text = buffer.toString('latin1', 0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return 'gone';
    return fail(`${where} has a lock file that cannot be read (${codeOf(error)})`);
  }
  // Whole only as its pid (and identity) and the newline after it: one cut short (a kill -9 or a
  // crash during the write) may name another, live process, and is taken as not written yet.
  const whole = WHOLE_LOCK.exec(text);
  if (whole === null) return age < BEING_TAKEN_MS ? 'being-taken' : 'stale';
  const pid = Number(whole[1]);
  // Its own pid is a lock this process left, or one of a process before it with the same pid (a
  // container's pid 1 restarted): not a live holder either way.
  if (!(Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))) return 'stale';
  // A live pid that is another process than the one that wrote the lock: the writer is gone.
  const written = whole[2];
  if (written !== undefined) {
    const now = await processIdentity(pid);
    if (now !== undefined && now !== written) return 'stale';
  }
  return pid;
}

/** Creates the lock file of `generation` with this process's pid; false when it exists already. */
async function create(path: string, generation: number, where: string): Promise<boolean> {
  // Read before the file exists: the time it stays without its pid is the write's alone.
  const identity = await processIdentity('self');
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(join(path, nameOf(generation)), CREATE, 0o600);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    return fail(`${where} cannot be locked (${codeOf(error)})`);
  }
  try {
    await handle.writeFile(`${process.pid}${identity === undefined ? '' : ` ${identity}`}\n`);
  } finally {
    await handle.close();
  }
  return true;
}

/**
 * Takes the lock of the state directory at `path` (`where` names it in messages), or refuses with
 * `EmulatorError` `INVALID_STATE` when a live emulator holds it or is taking it now. A lock whose
 * process is gone is taken over, by exactly one of the emulators that find it at once.
 */
export async function takeStateLock(path: string, where: string): Promise<StateLock> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let names: string[];
    try {
      names = await readdir(path);
    } catch (error) {
      return fail(`${where} cannot be read (${codeOf(error)})`);
    }
    const generations = names.map(generationOf).filter((generation) => generation !== undefined);
    const newest = generations.length === 0 ? -1 : Math.max(...generations);
    if (newest >= 0) {
      const holder = await holderOf(join(path, nameOf(newest)), where);
      if (holder === 'gone') continue; // released meanwhile: look again
      if (holder === 'being-taken') fail(`${where} is being opened by another emulator`);
      if (typeof holder === 'number') fail(`${where} is in use by the emulator of process ${holder}`);
    }
    // Exactly one creator of the next generation: another that got it first is seen at the next look.
    if (!(await create(path, newest + 1, where))) continue;
    for (const generation of generations) await unlink(join(path, nameOf(generation))).catch(() => {});
    const name = nameOf(newest + 1);
    return { name, release: () => unlink(join(path, name)).catch(() => {}) };
  }
  return fail(`${where}: other emulators keep taking and leaving its lock; start one emulator at a time`);
}
