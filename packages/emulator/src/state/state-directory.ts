// The file behind `paysign emulator --state DIR` (Node only): one snapshot file, replaced atomically.
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EmulatorError } from '../errors.js';
import type { EmulatorSnapshot, EmulatorStateBackend } from './emulator-snapshot.js';
import { readSnapshotBody } from './snapshot-shape.js';

/**
 * The first line's `format` of every state file; anything else is not an emulator state.
 *
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * import { STATE_FORMAT } from '@paysign/emulator/node';
 *
 * const header = JSON.parse((await readFile('.emulator-state/state.json', 'utf8')).split('\n')[0] ?? '');
 * header.format === STATE_FORMAT; // true for a state an emulator wrote
 * ```
 */
export const STATE_FORMAT = 'paysign-emulator-state';
/**
 * The layout of the state this emulator reads and writes; a state of another version is refused.
 * Version 2: max-repeats-number N makes the charges with indices 0 to N (version 1 stopped after
 * index N - 1, so a payment a version 1 state holds as stopped would charge again).
 *
 * @example
 * ```ts
 * import { STATE_VERSION } from '@paysign/emulator/node';
 *
 * if (header.version !== STATE_VERSION) console.error('written by another version of the emulator');
 * ```
 */
export const STATE_VERSION = 2;
/** Why a state of an older version is not read, by version. */
const OLDER_VERSIONS: Readonly<Record<number, string>> = {
  1: 'which stopped a payment with max-repeats-number N after N charges (indices 0 to N - 1); this one makes N + 1 (indices 0 to N: the spec, docs/gateway-api.md line 52, "Maximum repeat index"), so a payment that state holds as stopped would be charged again',
};
const STATE_FILE = 'state.json';
const LOCK_FILE = 'lock';
const TEMP_FILE = /^state\.json\.\d+\.\d+\.tmp$/;

/**
 * A state directory, opened: the state it holds (or `undefined` when new) and `save`, which
 * replaces it atomically; `close` gives the directory up for the next process.
 *
 * @example
 * ```ts
 * import { openStateDirectory, type StateDirectory } from '@paysign/emulator/node';
 *
 * const state: StateDirectory = await openStateDirectory('.emulator-state');
 * await state.close();
 * ```
 */
export interface StateDirectory extends EmulatorStateBackend {
  readonly path: string;
  close(): Promise<void>;
}

const fail = (message: string): never => {
  throw new EmulatorError('INVALID_STATE', message);
};
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'error';
const shown = (path: string) => JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}...` : path);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/**
 * Opens (or creates, with mode 0700) the directory where an emulator's state survives restarts.
 * The state is one file, `state.json`: a first line `{"format","version","bytes","sha256"}` and
 * the state as JSON on the second. Every save writes a temporary file, fsyncs it, renames it over
 * `state.json` and fsyncs the directory, so a `kill -9` at any moment leaves the old state or the
 * new one, never a mix. A directory that cannot be read, holds anything else, or holds a state
 * that is damaged, of another version, or in use by a live process is refused with
 * `EmulatorError` `INVALID_STATE`, and left as it is.
 *
 * @throws {EmulatorError} `INVALID_STATE` naming the directory and the problem.
 * @example
 * ```ts
 * import { createEmulator, openStateDirectory } from '@paysign/emulator/node';
 *
 * const state = await openStateDirectory('.emulator-state');
 * const emulator = createEmulator({ merchants, clock: 'virtual', state });
 * ```
 */
export async function openStateDirectory(path: string): Promise<StateDirectory> {
  const where = `the state directory ${shown(path)}`;
  let entries: string[];
  try {
    const info = await stat(path);
    if (!info.isDirectory()) fail(`${where} is not a directory`);
    entries = await readdir(path);
  } catch (error) {
    if (error instanceof EmulatorError) throw error;
    if (codeOf(error) !== 'ENOENT') return fail(`${where} cannot be read (${codeOf(error)})`);
    try {
      await mkdir(path, { recursive: true, mode: 0o700 });
    } catch (made) {
      return fail(`${where} cannot be created (${codeOf(made)})`);
    }
    entries = [];
  }
  const foreign = entries.find((name) => name !== STATE_FILE && name !== LOCK_FILE && !TEMP_FILE.test(name));
  if (foreign !== undefined) {
    fail(`${where} holds ${shown(foreign)}, which is not part of an emulator state: give a new or empty directory, or one an emulator kept`);
  }
  await takeLock(path, where, entries.includes(LOCK_FILE));
  try {
    const initial = entries.includes(STATE_FILE) ? await readState(join(path, STATE_FILE), where) : undefined;
    // Leftovers of a save cut short: never renamed, so never part of the state.
    for (const name of entries) if (TEMP_FILE.test(name)) await unlink(join(path, name)).catch(() => {});
    return stateDirectory(path, initial);
  } catch (error) {
    await unlink(join(path, LOCK_FILE)).catch(() => {});
    throw error;
  }
}

async function takeLock(path: string, where: string, present: boolean): Promise<void> {
  const lock = join(path, LOCK_FILE);
  if (present) {
    let pid = Number.NaN;
    try {
      pid = Number((await readFile(lock, 'utf8')).trim());
    } catch (error) {
      fail(`${where} has a lock file that cannot be read (${codeOf(error)})`);
    }
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) fail(`${where} is in use by the emulator of process ${pid}`);
    // The lock of a process that is gone (stopped with kill -9): taken over.
    await unlink(lock).catch(() => {});
  }
  try {
    await writeFile(lock, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    fail(`${where} cannot be locked (${codeOf(error)})`);
  }
}

async function readState(file: string, where: string): Promise<EmulatorSnapshot> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return fail(`${where}: state.json cannot be read (${codeOf(error)})`);
  }
  const newline = bytes.indexOf(10);
  let header: unknown;
  try {
    header = JSON.parse(bytes.subarray(0, newline === -1 ? bytes.length : newline).toString('utf8'));
  } catch {
    header = undefined;
  }
  if (typeof header !== 'object' || header === null || (header as { format?: unknown }).format !== STATE_FORMAT) {
    return fail(`${where}: state.json is not a paysign emulator state (no "${STATE_FORMAT}" first line); it is left as it is`);
  }
  const { version, bytes: length, sha256 } = header as { version?: unknown; bytes?: unknown; sha256?: unknown };
  const older = typeof version === 'number' ? OLDER_VERSIONS[version] : undefined;
  if (older !== undefined) {
    return fail(
      `${where} was written by an emulator with state version ${version}, ${older}: this one reads version ${STATE_VERSION}; give a new directory, or start the matching version of paysign (the state is left as it is)`,
    );
  }
  if (version !== STATE_VERSION) {
    return fail(
      `${where} was written by an emulator with state version ${JSON.stringify(version)}; this one reads version ${STATE_VERSION}: start the matching version of paysign, or give a new directory (the state is left as it is)`,
    );
  }
  const body = bytes.subarray(newline + 1);
  const digest = createHash('sha256').update(body).digest('hex');
  if (newline === -1 || body.length !== length || digest !== sha256) {
    return fail(
      `${where}: state.json is damaged (half-written or edited: its length or checksum does not match); it is left as it is: restore a copy or give a new directory`,
    );
  }
  try {
    return readSnapshotBody(JSON.parse(body.toString('utf8')));
  } catch (error) {
    return fail(`${where}: state.json does not hold a state this emulator can use (${(error as Error).message}); it is left as it is`);
  }
}

function stateDirectory(path: string, initial: EmulatorSnapshot | undefined): StateDirectory {
  let last: string | undefined;
  let writes = 0;
  return {
    path,
    initial,
    async save(snapshot) {
      const body = JSON.stringify(snapshot);
      if (body === last) return;
      const bytes = Buffer.from(body, 'utf8');
      const header = JSON.stringify({
        format: STATE_FORMAT,
        version: STATE_VERSION,
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      const temp = join(path, `${STATE_FILE}.${process.pid}.${++writes}.tmp`);
      const file = await open(temp, 'w', 0o600);
      try {
        await file.writeFile(Buffer.concat([Buffer.from(`${header}\n`, 'utf8'), bytes]));
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temp, join(path, STATE_FILE));
      const directory = await open(path, 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
      last = body;
    },
    async close() {
      await unlink(join(path, LOCK_FILE)).catch(() => {});
    },
  };
}
