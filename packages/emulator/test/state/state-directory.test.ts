// openStateDirectory: a new directory is an LMDB database of 0600 files in a 0700 directory; the
// lock a kill -9 leaves behind is taken over; a database of another version, or anything that is
// not the state's own files, is refused and left as it is.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, openStateDirectory, STATE_FORMAT, STATE_VERSION } from '@paysign/emulator/node';
import { merchant } from '../recurring/helpers.js';
import { readStateDatabase } from './read-state-db.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-state-dir-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('openStateDirectory', () => {
  it('creates a new directory (0700) with an LMDB database (0600 files), writes the state at the first persist, and gives the lock up on close', async () => {
    const dir = join(root, 'new');
    const state = await openStateDirectory(dir);
    expect(state.initial).toBeUndefined();
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await readdir(dir)).sort()).toEqual(['lock', 'state.mdb', 'state.mdb-lock']);
    for (const name of ['lock', 'state.mdb', 'state.mdb-lock']) expect((await stat(join(dir, name))).mode & 0o777).toBe(0o600);
    const emulator = createEmulator({ merchants: [merchant], clock: 'virtual', today: '01.01.2030', seed: 5, log: () => {}, state });
    await emulator.persist();
    emulator.stop();
    await state.close();
    expect((await readdir(dir)).sort()).toEqual(['state.mdb', 'state.mdb-lock']);
    const stored = await readStateDatabase(dir);
    expect(stored.meta).toMatchObject({ format: STATE_FORMAT, version: STATE_VERSION, seed: 5, clock: { mode: 'virtual', today: 21915 }, orderIds: 0 });
    expect(stored.payments).toEqual([]);
  });

  it('refuses a directory holding anything but its own files (a state.json of an older emulator too), and leaves it as it is', async () => {
    const dir = join(root, 'older');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(join(dir, 'state.json'), 'a state of an unpublished format', { mode: 0o600 });
    await expect(openStateDirectory(dir)).rejects.toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringContaining('"state.json", which is not part of an emulator state'),
    });
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('refuses a database of another version, and leaves it as it is', async () => {
    const dir = join(root, 'future');
    const first = await openStateDirectory(dir);
    const emulator = createEmulator({ merchants: [merchant], clock: 'virtual', today: '05.03.2030', log: () => {}, state: first });
    await emulator.persist();
    emulator.stop();
    await first.close();
    const { open } = await import('lmdb');
    const env = open({ path: join(dir, 'state.mdb'), noSubdir: true });
    const meta = env.openDB({ name: 'meta' });
    await meta.put('meta', { ...meta.get('meta'), version: 4 });
    await env.close();
    const database = await readFile(join(dir, 'state.mdb'));
    await expect(openStateDirectory(dir)).rejects.toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringContaining('state version 4; this one reads version 3'),
    });
    expect(await readFile(join(dir, 'state.mdb'))).toEqual(database);
  });

  it('takes over the lock of a process that is gone, keeping the state', async () => {
    const dir = join(root, 'killed');
    const first = await openStateDirectory(dir);
    const emulator = createEmulator({ merchants: [merchant], clock: 'virtual', today: '05.03.2030', log: () => {}, state: first });
    await emulator.persist();
    emulator.stop();
    await first.close();
    // What a kill -9 leaves: the lock of a dead process (and LMDB's own lock file, which LMDB recovers).
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    await writeFile(join(dir, 'lock'), `${dead}\n`, { mode: 0o600 });
    const second = await openStateDirectory(dir);
    try {
      expect(second.initial?.clock.today).toBe(21978); // 05.03.2030
      // Taken over as the next generation of the lock, created exclusively; the stale one removed.
      expect((await readdir(dir)).sort()).toEqual(['lock.1', 'state.mdb', 'state.mdb-lock']);
      // Its pid and, on Linux, this process's identity (boot id and start time), then a newline.
      expect(await readFile(join(dir, 'lock.1'), 'utf8')).toMatch(new RegExp(`^${process.pid}( [0-9a-f-]+:[0-9]+)?\\n$`));
    } finally {
      await second.close();
    }
    expect((await readdir(dir)).sort()).toEqual(['state.mdb', 'state.mdb-lock']);
  });
});
