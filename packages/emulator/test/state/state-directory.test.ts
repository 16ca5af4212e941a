// openStateDirectory: what a kill -9 can leave behind (a temporary file of a save cut short, the
// lock of a dead process) is cleaned up, never mistaken for the state; saves are whole files.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, openStateDirectory, STATE_FORMAT, STATE_VERSION } from '@paysign/emulator/node';
import { merchant } from '../recurring/helpers.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-state-dir-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('openStateDirectory', () => {
  it('creates a new directory (0700), saves the state whole (0600) with its format line, and gives the lock up on close', async () => {
    const dir = join(root, 'new');
    const state = await openStateDirectory(dir);
    expect(state.initial).toBeUndefined();
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(await readdir(dir)).toEqual(['lock']);
    const emulator = createEmulator({ merchants: [merchant], clock: 'virtual', today: '01.01.2030', seed: 5, log: () => {}, state });
    await emulator.persist();
    emulator.stop();
    const file = join(dir, 'state.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const [header, body] = (await readFile(file, 'utf8')).split('\n') as [string, string];
    expect(JSON.parse(header)).toMatchObject({ format: STATE_FORMAT, version: STATE_VERSION, bytes: Buffer.byteLength(body) });
    expect(JSON.parse(body)).toMatchObject({ seed: 5, clock: { mode: 'virtual', today: 21915 }, orderIds: 0, profiles: [] });
    await state.close();
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('refuses a state of version 1, written when max-repeats-number N meant N charges, and leaves it as it is', async () => {
    const dir = join(root, 'version-1');
    const first = await openStateDirectory(dir);
    const emulator = createEmulator({ merchants: [merchant], clock: 'virtual', today: '05.03.2030', log: () => {}, state: first });
    await emulator.persist();
    emulator.stop();
    await first.close();
    const file = join(dir, 'state.json');
    const text = await readFile(file, 'utf8');
    expect(text.startsWith(`{"format":"${STATE_FORMAT}","version":2,`)).toBe(true);
    // The header is outside the checksum: only the version differs from a state this emulator wrote.
    const older = text.replace('"version":2,', '"version":1,');
    await writeFile(file, older);
    await expect(openStateDirectory(dir)).rejects.toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringMatching(
        /state version 1, which stopped a payment with max-repeats-number N after N charges .* this one reads version 2; give a new directory/,
      ),
    });
    expect(await readFile(file, 'utf8')).toBe(older);
  });

  it('takes over the lock of a process that is gone and drops the temporary file of a save cut short, keeping the state', async () => {
    const dir = join(root, 'killed');
    const first = await openStateDirectory(dir);
    const emulator = createEmulator({ merchants: [merchant], clock: 'virtual', today: '05.03.2030', log: () => {}, state: first });
    await emulator.persist();
    emulator.stop();
    const saved = await readFile(join(dir, 'state.json'));
    // What a kill -9 leaves: the lock of a dead process, half a temporary file.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    await writeFile(join(dir, 'lock'), `${dead}\n`);
    await writeFile(join(dir, 'state.json.999.7.tmp'), saved.subarray(0, 20));
    const second = await openStateDirectory(dir);
    try {
      expect(second.initial?.clock.today).toBe(21978); // 05.03.2030
      expect((await readdir(dir)).sort()).toEqual(['lock', 'state.json']);
      expect((await readFile(join(dir, 'lock'), 'utf8')).trim()).toBe(String(process.pid));
      expect(await readFile(join(dir, 'state.json'))).toEqual(saved);
    } finally {
      await second.close();
    }
  });
});
