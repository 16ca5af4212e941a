// Node only: the embedded database behind `paysign emulator --state DIR` (LMDB, through the `lmdb`
// package). Each change is one transaction; the whole state is read only when the directory is opened.
import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EmulatorError } from '../errors.js';
import type { OrderRecord } from '../orders/order-record.js';
import type { EmulatorSnapshot, EmulatorStateBackend, PaymentRecord, StateChanges } from './emulator-snapshot.js';
import { probeDatabase } from './probe-database.js';
import { isStateLockFile, type StateLock, takeStateLock } from './state-lock.js';

/**
 * The format name in a state's metadata: a database that names another is not an emulator state.
 *
 * @example
 * ```ts
 * import { STATE_FORMAT } from '@paysign/emulator/node';
 *
 * console.log(`a state's format is ${STATE_FORMAT}`); // paysign-emulator-state
 * ```
 */
export const STATE_FORMAT: string = 'paysign-emulator-state';

/**
 * The layout of the state this emulator reads and writes: version 3 is the LMDB database
 * `DIR/state.mdb`; a database of another version is refused with the reason.
 *
 * @example
 * ```ts
 * import { STATE_VERSION } from '@paysign/emulator/node';
 *
 * console.log(`this emulator keeps state version ${STATE_VERSION}`);
 * ```
 */
export const STATE_VERSION = 3;

const DATA_FILE = 'state.mdb';
const DATA_LOCK_FILE = 'state.mdb-lock';
const OWN_FILES = new Set([DATA_FILE, DATA_LOCK_FILE]);
// O_NOFOLLOW: a link planted where a state file goes is an error, never a way to write elsewhere.
const CREATE = constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_WRONLY;

/**
 * A state directory, opened: the state it holds (or `undefined` when new), `write`, which applies
 * one set of changes in one transaction, and `close`, which gives the directory up for the next
 * process.
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
  /** Whether the directory held a state when it was opened (`initial` was not `undefined`). */
  readonly restored: boolean;
  close(): Promise<void>;
}

interface Meta {
  format: string;
  version: number;
  clock: { mode: 'virtual' | 'system'; today: number };
  seed: number;
  orderIds: number;
}

// The part of the lmdb package used here (loaded only when a state directory is opened).
interface Database {
  get(key: unknown): unknown;
  put(key: unknown, value: unknown): unknown;
  remove(key: unknown): unknown;
  getRange(options: { start?: unknown; end?: unknown }): Iterable<{ key: unknown; value: unknown }>;
}
interface Environment {
  openDB(options: { name: string; sharedStructuresKey?: symbol }): Database;
  transaction<T>(action: () => T): Promise<T>;
  close(): Promise<void>;
}

const fail = (message: string): never => {
  throw new EmulatorError('INVALID_STATE', message);
};
const unsafe = (message: string): never => {
  throw new EmulatorError('UNSAFE_STATE', message);
};
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'error';
const shown = (path: string) => JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}...` : path);
const octal = (mode: number) => `0${(mode & 0o777).toString(8).padStart(3, '0')}`;
const uid = () => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/**
 * Opens (or creates, with mode 0700) the directory where an emulator's state survives restarts:
 * an LMDB database, `state.mdb` (and LMDB's `state.mdb-lock`), both 0600, written one transaction
 * per change, so a `kill -9` at any moment leaves the state before or after a change, never a mix.
 *
 * Refused with `EmulatorError` `UNSAFE_STATE`, naming the rule: a directory another user owns or
 * that group or other users can write (mode `& 022`), and a state file that is a symbolic link,
 * owned by another user, or readable or writable by group or other users (mode `& 077`). Files are
 * created with `O_CREAT | O_EXCL | O_NOFOLLOW`. With these rules only this user can change the
 * state, so the state is trusted as written (no keyed checksum: a key kept beside it would be
 * this user's too).
 *
 * Refused with `INVALID_STATE`, and left as they are: a directory that cannot be read, holds
 * anything else (a file of an older layout such as `state.json` included), is in use by a live
 * process (its lock file, `lock` or `lock.<n>`, names a process that runs), or holds a database of
 * another format or version. A lock whose process is gone (kill -9) is taken over, by exactly one
 * of the emulators that find it at once: each takeover creates the next generation, `lock.<n+1>`,
 * exclusively.
 *
 * @throws {EmulatorError} `UNSAFE_STATE` or `INVALID_STATE`, naming the directory and the problem.
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
  let info: Stats;
  let entries: string[];
  try {
    info = await stat(path);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') return fail(`${where} cannot be read (${codeOf(error)})`);
    try {
      await mkdir(path, { recursive: true, mode: 0o700 });
      info = await stat(path);
    } catch (made) {
      return fail(`${where} cannot be created (${codeOf(made)})`);
    }
  }
  if (!info.isDirectory()) fail(`${where} is not a directory`);
  const me = uid();
  if (me !== undefined && info.uid !== me) {
    unsafe(`${where} is owned by another user (uid ${info.uid}, this process runs as ${me}): a state directory must be owned by the user running the emulator`);
  }
  if ((info.mode & 0o022) !== 0) {
    unsafe(
      `${where} can be written by ${(info.mode & 0o020) !== 0 ? 'its group' : 'other users'} (mode ${octal(info.mode)}): a state directory must be writable by its owner only (chmod 700)`,
    );
  }
  try {
    entries = await readdir(path);
  } catch (error) {
    return fail(`${where} cannot be read (${codeOf(error)})`);
  }
  const foreign = entries.find((name) => !OWN_FILES.has(name) && !isStateLockFile(name));
  if (foreign !== undefined) {
    fail(`${where} holds ${shown(foreign)}, which is not part of an emulator state: give a new or empty directory, or one an emulator kept`);
  }
  // A lock file may be gone by now: another emulator took the directory over (the lock says which).
  for (const name of entries) await checkFile(join(path, name), `${where}: ${name}`, me, isStateLockFile(name));
  const lock = await takeStateLock(path, where);
  let env: Environment | undefined;
  try {
    if (entries.includes(DATA_FILE) && (await stat(join(path, DATA_FILE))).size > 0) {
      // LMDB would create its lock file in the reading process, as it likes: made here first, 0600.
      if (!entries.includes(DATA_LOCK_FILE)) {
        await createFile(join(path, DATA_LOCK_FILE), `${where}: ${DATA_LOCK_FILE}`);
        entries = [...entries, DATA_LOCK_FILE];
      }
      void import('lmdb').catch(() => undefined); // loaded here meanwhile; openDatabase awaits the same import
      const damaged = await probeDatabase(join(path, DATA_FILE));
      if (damaged !== undefined)
        fail(`${where}: state.mdb is damaged (reading it in a process of its own: ${damaged}); it is left as it is: restore a copy, or give a new directory`);
    }
    env = await openDatabase(path, where, entries);
    let databases = openDatabases(env);
    const meta = databases.meta.get('meta') as Meta | undefined;
    if (meta !== undefined && (meta.format !== STATE_FORMAT || meta.version !== STATE_VERSION)) {
      fail(
        meta.format !== STATE_FORMAT
          ? `${where}: state.mdb is not a paysign emulator state; it is left as it is`
          : `${where} was written by an emulator with state version ${JSON.stringify(meta.version)}; this one reads version ${STATE_VERSION}: start the matching version of paysign, or give a new directory (the state is left as it is)`,
      );
    }
    const now = Math.floor(Date.now() / 1000);
    const initial = meta === undefined ? undefined : read(meta, databases, now);
    if (initial !== undefined) {
      // Reading every record mapped the whole file into this process's memory (RSS); opened
      // again, only the pages later writes touch are.
      await env.close();
      env = await openDatabase(path, where, [DATA_FILE, DATA_LOCK_FILE]);
      databases = openDatabases(env);
    }
    return stateDirectory(path, env, databases, initial, lock);
  } catch (error) {
    await env?.close().catch(() => {});
    await lock.release();
    throw error;
  }
}

async function checkFile(file: string, what: string, me: number | undefined, mayBeGone = false): Promise<void> {
  let info: Stats;
  try {
    info = await lstat(file);
  } catch (error) {
    if (mayBeGone && codeOf(error) === 'ENOENT') return;
    return fail(`${what} cannot be read (${codeOf(error)})`);
  }
  if (info.isSymbolicLink()) unsafe(`${what} is a symbolic link: the state's files are never opened through a link (remove it)`);
  if (info.isDirectory()) fail(`${what} cannot be read (EISDIR)`);
  if (!info.isFile()) fail(`${what} is not a regular file`);
  if (me !== undefined && info.uid !== me)
    unsafe(`${what} is owned by another user (uid ${info.uid}): the state's files must be owned by the user running the emulator`);
  if ((info.mode & 0o077) !== 0) unsafe(`${what} can be read or written by group or other users (mode ${octal(info.mode)}): the state's files must be 0600`);
}

async function createFile(file: string, what: string, contents = ''): Promise<void> {
  try {
    const handle = await open(file, CREATE, 0o600);
    try {
      if (contents !== '') await handle.writeFile(contents);
    } finally {
      await handle.close();
    }
  } catch (error) {
    fail(`${what} cannot be created (${codeOf(error)})`);
  }
}

async function openDatabase(path: string, where: string, entries: readonly string[]): Promise<Environment> {
  let lmdb: { open(options: { path: string; noSubdir: boolean; noSync: boolean }): Environment };
  try {
    lmdb = (await import('lmdb')) as unknown as typeof lmdb;
  } catch (error) {
    return fail(`${where} cannot be opened: the lmdb package (the state's database) cannot be loaded on this platform (${codeOf(error)})`);
  }
  // LMDB opens existing files as they are: a new database's files are made here first, 0600,
  // without following a link.
  if (!entries.includes(DATA_FILE)) await createFile(join(path, DATA_FILE), `${where}: ${DATA_FILE}`);
  if (!entries.includes(DATA_LOCK_FILE)) await createFile(join(path, DATA_LOCK_FILE), `${where}: ${DATA_LOCK_FILE}`);
  try {
    // A committed transaction is in the operating system's page cache, so it outlives the
    // emulator's process (kill -9 included); it is not flushed to the disk at each commit (a
    // machine crash may lose the last changes, or leave a file that is then refused as damaged).
    // A local sandbox trades that for requests that do not wait on the disk: an fsync per save
    // held a --state emulator to commit latency.
    return lmdb.open({ path: join(path, DATA_FILE), noSubdir: true, noSync: true });
  } catch (error) {
    return fail(`${where}: state.mdb cannot be opened as a database (${codeOf(error)}); it is left as it is`);
  }
}

type Databases = Record<'meta' | 'payments' | 'nonces' | 'callbacks' | 'orders', Database>;

const openDatabases = (env: Environment): Databases => ({
  meta: env.openDB({ name: 'meta' }),
  // Every payment record has the same shape: msgpack's shared structures store its keys once.
  payments: env.openDB({ name: 'payments', sharedStructuresKey: Symbol.for('structures') }),
  nonces: env.openDB({ name: 'nonces' }),
  callbacks: env.openDB({ name: 'callbacks' }),
  // Orders of transfers and pan-eligibility checks, by order id (a state kept before has none).
  orders: env.openDB({ name: 'orders' }),
});

function read(meta: Meta, databases: Databases, now: number): EmulatorSnapshot {
  const snapshot: EmulatorSnapshot = {
    clock: meta.clock,
    seed: meta.seed,
    orderIds: meta.orderIds,
    profiles: [],
    owners: [],
    engine: { payments: [] },
    nonces: [],
    pendingCallbacks: [],
  };
  // Values repeat across payments (currency, period, a card holder's name...): one string each,
  // as an emulator given the same profiles in memory would hold, not one per payment as decoded.
  // The first of each is copied out of the record: the decoder (msgpackr) hands out a record's
  // longer strings as slices of one string holding all of them, and a slice kept keeps that whole
  // string alive (12 MB for 100,000 payments). V8 copies strings under 13 characters anyway.
  const interned = new Map<string, string>();
  const intern = (value: string): string => {
    const known = interned.get(value);
    if (known !== undefined) return known;
    const own: string = value.length < 13 ? value : JSON.parse(JSON.stringify(value));
    interned.set(own, own);
    return own;
  };
  for (const { value } of databases.payments.getRange({})) {
    const { id, revision, fields, owner, engine } = value as PaymentRecord;
    for (const name in fields) fields[name] = intern(fields[name] as string);
    // Frozen, so that the emulator's profile store keeps this object instead of a copy.
    snapshot.profiles.push({ id, revision, fields: Object.freeze(fields) });
    if (owner !== null) snapshot.owners.push({ id, login: intern(owner.login), endpointId: intern(owner.endpointId) });
    if (engine !== null) snapshot.engine.payments.push(engine);
  }
  // Ordered by expiry: the ones still remembered come after `now`.
  for (const { key, value } of databases.nonces.getRange({ start: [now + 1] })) {
    const [expiresAt, nonce] = key as [number, string];
    snapshot.nonces.push({ key: nonce, expiresAt, scope: value as string | null });
  }
  for (const { key, value } of databases.callbacks.getRange({})) {
    const [recurringPaymentId, orderid] = key as [string, string];
    snapshot.pendingCallbacks.push({ recurringPaymentId, orderid, url: value as string });
  }
  snapshot.orders = [];
  for (const { value } of databases.orders.getRange({})) snapshot.orders.push(value as OrderRecord);
  return snapshot;
}

function stateDirectory(path: string, env: Environment, databases: Databases, opened: EmulatorSnapshot | undefined, lock: StateLock): StateDirectory {
  let meta = databases.meta.get('meta') as Meta | undefined;
  let closed = false;
  // The state as opened is handed to the emulator once: dropped when the emulator has put it back
  // (releaseInitial) or at the first write, so that a large state (100,000 payments: ~35 MB of
  // objects) is not kept for the emulator's life.
  let initial = opened;
  let handedOver = false;
  const releaseInitial = (): void => {
    if (initial === undefined) return;
    initial = undefined;
    handedOver = true;
  };
  return {
    path,
    restored: opened !== undefined,
    get initial() {
      if (handedOver) {
        throw new EmulatorError(
          'INVALID_STATE',
          `the state directory ${shown(path)}: its initial state was handed to the emulator and dropped once put back; read it before creating the emulator (or use restored)`,
        );
      }
      return initial;
    },
    releaseInitial,
    async write(changes: StateChanges) {
      if (closed) throw new EmulatorError('INVALID_STATE', `the state directory ${shown(path)} is closed`);
      releaseInitial();
      const now = Math.floor(Date.now() / 1000);
      await env.transaction(() => {
        if (changes.meta !== undefined) {
          meta = { ...meta, format: STATE_FORMAT, version: STATE_VERSION, ...changes.meta };
          databases.meta.put('meta', meta);
        }
        for (const payment of changes.payments) databases.payments.put(payment.id, payment);
        for (const nonce of changes.nonces) if (nonce.expiresAt > now) databases.nonces.put([nonce.expiresAt, nonce.key], nonce.scope);
        for (const callback of changes.callbacks) {
          const key = [callback.recurringPaymentId, callback.orderid];
          if (callback.url === null) databases.callbacks.remove(key);
          else databases.callbacks.put(key, callback.url);
        }
        for (const { orderid, record } of changes.orders ?? []) {
          if (record === null) databases.orders.remove(orderid);
          else databases.orders.put(orderid, record);
        }
        // Nonces past their expiry are swept as the state is written (never read back either).
        const expired = [...databases.nonces.getRange({ end: [now + 1] })].map((entry) => entry.key);
        for (const key of expired) databases.nonces.remove(key);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await env.close();
      await lock.release();
    },
  };
}
