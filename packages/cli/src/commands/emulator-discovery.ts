import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Environment } from '../cli/environment.js';
import { UsageError } from '../cli/usage-error.js';

/**
 * Where `paysign emulator` says it is running, for `paysign emulator clock|payments|trigger`
 * without `--url`: one file per running emulator, `emulator-<pid>.json` holding `{ "url", "pid" }`,
 * in a directory only this user can open (`$XDG_RUNTIME_DIR/paysign`, else `<tmp>/paysign-<uid>`,
 * mode 0700). A directory that is a link, another user's, or open to others is refused. Files are
 * created 0600 with O_EXCL and O_NOFOLLOW under a temporary name and renamed into place; an
 * emulator removes its own file when it stops, and a file whose process is gone is ignored.
 */
function discoveryDirectory(env: Environment): string {
  const uid = process.getuid?.() ?? 0;
  const runtime = env.XDG_RUNTIME_DIR;
  return runtime !== undefined && runtime !== '' ? join(runtime, 'paysign') : join(tmpdir(), `paysign-${uid}`);
}

async function ownDirectory(directory: string, create: boolean): Promise<boolean> {
  if (create) await mkdir(directory, { recursive: true, mode: 0o700 }).catch(() => {});
  let stats;
  try {
    stats = await lstat(directory);
  } catch {
    return false;
  }
  const uid = process.getuid?.();
  // Refused, never repaired: a link, someone else's, or writable by others could hand us a foreign URL.
  return stats.isDirectory() && !stats.isSymbolicLink() && (uid === undefined || stats.uid === uid) && (stats.mode & 0o077) === 0;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Announces a running emulator; resolves to a function that removes the announcement (or `undefined` when it could not be written). */
export async function announceEmulator(url: string, env: Environment): Promise<(() => Promise<void>) | undefined> {
  const directory = discoveryDirectory(env);
  if (!(await ownDirectory(directory, true))) return undefined;
  const file = join(directory, `emulator-${process.pid}.json`);
  const temporary = join(directory, `.emulator-${process.pid}-${Date.now()}.tmp`);
  try {
    const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      await handle.writeFile(JSON.stringify({ url, pid: process.pid }));
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch {
    await unlink(temporary).catch(() => {});
    return undefined;
  }
  return () => unlink(file).catch(() => {});
}

const HOW = 'give --url URL (the "listening on" URL printed by paysign emulator) or set PAYSIGN_EMULATOR_URL';

/**
 * The emulator a command talks to: `--url`, else `PAYSIGN_EMULATOR_URL`, else the one emulator
 * started by `paysign emulator` on this machine by this user; a usage error saying how to give
 * the URL when there is none or more than one.
 */
export async function findEmulatorUrl(given: string | undefined, env: Environment): Promise<string> {
  if (given !== undefined && given !== '') return given;
  const fromEnv = env.PAYSIGN_EMULATOR_URL;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const directory = discoveryDirectory(env);
  const running: string[] = [];
  if (await ownDirectory(directory, false)) {
    for (const name of await readdir(directory).catch(() => [] as string[])) {
      const match = /^emulator-(\d+)\.json$/.exec(name);
      if (match === null) continue;
      const path = join(directory, name);
      try {
        if (!(await lstat(path)).isFile()) continue;
        const { url, pid } = JSON.parse(await readFile(path, 'utf8')) as { url?: unknown; pid?: unknown };
        if (typeof url !== 'string' || !/^http:\/\/[^\s/]+$/.test(url) || pid !== Number(match[1]) || !alive(pid)) continue;
        running.push(url);
      } catch {}
    }
  }
  if (running.length === 1) return running[0] as string;
  if (running.length === 0) throw new UsageError(`no emulator started by "paysign emulator" runs on this machine: start one, or ${HOW}`);
  throw new UsageError(`${running.length} emulators run on this machine (${running.join(', ')}): ${HOW}`);
}
