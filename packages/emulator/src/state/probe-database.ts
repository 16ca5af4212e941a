// Node only. LMDB reads its file through a memory map and trusts every page pointer in it: a
// truncated or damaged state.mdb kills the reading process (SIGSEGV, SIGBUS) instead of throwing.
// So an existing database is first read whole, read-only, in a process of its own; only a file
// that process could read is opened by the emulator.
import { spawn } from 'node:child_process';

/** Longest time the reading process may take before the file is taken to be damaged (a cycle of pages). */
const PROBE_TIMEOUT_MS = 60_000;

// argv: the lmdb module's URL, the database file. Every record of the main and the named
// databases, as bytes (never decoded): every page the emulator's start would read is read here.
const PROBE = `const { open } = await import(process.argv[1]);
const env = open({ path: process.argv[2], noSubdir: true, readOnly: true, encoding: 'binary' });
for (const _ of env.getRange()) {}
for (const name of ['meta', 'payments', 'nonces', 'callbacks', 'orders']) {
  let db;
  try { db = env.openDB({ name, encoding: 'binary' }); } catch { continue; }
  if (db) for (const _ of db.getRange()) {} // a database a state of another version lacks is not there
}
await env.close();`;

/**
 * Reads the LMDB database `file` whole in a process of its own; resolves `undefined` when it could,
 * else why not (`killed by SIGBUS`, `could not be read`, `not read within 60000 ms`). Nothing in it
 * is written.
 */
export async function probeDatabase(file: string): Promise<string | undefined> {
  const lmdb = import.meta.resolve('lmdb'); // the emulator's own lmdb, wherever the process runs
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE, lmdb, file], { stdio: 'ignore' });
  const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
  try {
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
      child.once('error', () => resolve([null, null]));
      child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
    });
    if (code === 0) return undefined;
    if (signal === 'SIGKILL' && !child.killed) return 'killed by SIGKILL';
    if (signal === 'SIGKILL') return `not read within ${PROBE_TIMEOUT_MS} ms`;
    return signal !== null ? `killed by ${signal}` : 'could not be read';
  } finally {
    clearTimeout(timer);
  }
}
