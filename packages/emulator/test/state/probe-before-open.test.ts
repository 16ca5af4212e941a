// openStateDirectory reads an existing state.mdb whole in a process of its own before LMDB opens it
// in this one (round 6 of issue 35: a damaged file killed the emulator with SIGSEGV or SIGBUS). The
// read must not refuse a sound state that lacks a database a state of this version may lack (one
// kept before orders were kept has no `orders`), nor leave a file it made other than 0600.
import { mkdtemp, readdir, readFile, rm, stat, truncate, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, openStateDirectory } from '@paysign/emulator/node';
import { merchant } from '../recurring/helpers.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-state-probe-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function written(name: string): Promise<string> {
  const dir = join(root, name);
  const state = await openStateDirectory(dir);
  const emulator = createEmulator({ merchants: [merchant], clock: 'virtual', today: '01.01.2030', seed: 7, log: () => {}, state });
  await emulator.persist();
  emulator.stop();
  await state.close();
  return dir;
}

describe('openStateDirectory reads an existing state.mdb in a process of its own first', () => {
  it('a sound state without the orders database (kept before orders were) is opened, not refused as damaged', async () => {
    const dir = await written('no-orders');
    const { open } = await import('lmdb');
    const env = open({ path: join(dir, 'state.mdb'), noSubdir: true });
    await env.openDB({ name: 'orders' }).drop();
    await env.close();
    const state = await openStateDirectory(dir);
    expect(state.restored).toBe(true);
    await state.close();
  });

  it('a missing state.mdb-lock is made 0600 before the read (LMDB would make it as it likes)', async () => {
    const dir = await written('no-lock');
    await unlink(join(dir, 'state.mdb-lock'));
    const state = await openStateDirectory(dir);
    expect((await stat(join(dir, 'state.mdb-lock'))).mode & 0o777).toBe(0o600);
    await state.close();
  });

  it('a truncated state.mdb rejects with INVALID_STATE naming the damage, the file as it was, the lock given up', async () => {
    const dir = await written('truncated');
    await truncate(join(dir, 'state.mdb'), 5_000);
    const before = await readFile(join(dir, 'state.mdb'));
    await expect(openStateDirectory(dir)).rejects.toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringMatching(/state\.mdb is damaged \(reading it in a process of its own: killed by SIG(SEGV|BUS)\); it is left as it is/),
    });
    expect((await readFile(join(dir, 'state.mdb'))).equals(before)).toBe(true);
    expect((await readdir(dir)).sort()).toEqual(['state.mdb', 'state.mdb-lock']);
  });
});
