// openStateDirectory: a new directory is an LMDB database of 0600 files in a 0700 directory; what a
// kill -9 can leave behind (the lock of a dead process, a version 2 temporary file) is cleaned up;
// a version 2 state.json (the format before the database) is moved into the database, and a
// version 1 one is refused with the reason. Each path is checked over real HTTP after the restart.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, openStateDirectory, serve, STATE_FORMAT, STATE_VERSION } from '@paysign/emulator/node';
import { handSign, post } from '../independent-signer.js';
import { merchant } from '../recurring/helpers.js';
import { legacySnapshot, legacyStateFile, readStateDatabase } from './read-state-db.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-state-dir-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const versionTwoState = legacySnapshot;
const versionTwoFile = legacyStateFile;

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

  it('moves a version 2 state.json into the database, removes it, and the restarted emulator has its payment, charge, owner, nonce and order ids', async () => {
    const dir = join(root, 'version-2');
    await rm(dir, { recursive: true, force: true });
    const first = await openStateDirectory(dir);
    await first.close();
    await rm(join(dir, 'state.mdb'));
    await rm(join(dir, 'state.mdb-lock'));
    await writeFile(join(dir, 'state.json'), versionTwoFile(versionTwoState()), { mode: 0o600 });
    await writeFile(join(dir, 'state.json.4242.7.tmp'), 'half a save', { mode: 0o600 });

    const state = await openStateDirectory(dir);
    expect((await readdir(dir)).sort()).toEqual(['lock', 'state.mdb', 'state.mdb-lock']);
    expect(state.initial).toEqual({ ...versionTwoState(), orders: [] });
    const server = await serve({ merchants: [merchant], clock: 'virtual', log: () => {}, state, publicOrigin: 'http://emulator.test' });
    try {
      const life = await (await fetch(`${server.url}/emulator/recurring-payments/rp-v2`)).json();
      expect(life).toMatchObject({ owner: { login: 'merchant', endpointId: '1234' }, currentRepeatsNumber: 1, charges: [{ orderid: '41', amount: '2.50' }] });
      // Put back, the state as opened is dropped before any write (a large one is not kept twice).
      expect(state.restored).toBe(true);
      expect(() => state.initial).toThrow(/initial state was handed to the emulator and dropped once put back/);
      expect(await (await fetch(`${server.url}/emulator/clock`)).json()).toEqual({ today: '02.01.2030', clock: 'virtual' });
      // The order-id counter moved in: the next order id is 42.
      const path = '/payment/api/v2/pan-eligibility/send/1234';
      const signed = handSign(`http://emulator.test${path}`, 'merchant', { method: 'HMAC-SHA1', controlKey: merchant.controlKey }, [
        ['client-order-id', 'o-after'],
        ['sending-card-ref-id', 'ref-1'],
      ]);
      const reply = await post(`${server.url}${path}`, signed);
      expect(reply.status).toBe(200);
      expect(reply.text).toContain('paynet-order-id=42');
    } finally {
      await server.close();
      await state.close();
    }
    const stored = await readStateDatabase(dir);
    expect(stored.meta).toMatchObject({ version: STATE_VERSION, orderIds: 42, migratedFrom: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(stored.nonces.map((nonce) => nonce.key)).toContain('merchant:n-spent');
    expect(stored.callbacks).toEqual([{ recurringPaymentId: 'rp-v2', orderid: '41', url: 'http://127.0.0.1:9/cb?orderid=41&status=approved' }]);
  });

  it('finishes a move cut short after the database was written (state.json still there, made into this database): removes state.json only', async () => {
    const dir = join(root, 'version-2');
    const file = versionTwoFile(versionTwoState());
    await writeFile(join(dir, 'state.json'), file, { mode: 0o600 });
    // The database above was made from this very file: its checksum is the one recorded.
    const before = await readStateDatabase(dir);
    expect(before.meta?.migratedFrom).toBe(
      createHash('sha256')
        .update(file.subarray(file.indexOf(10) + 1))
        .digest('hex'),
    );
    const state = await openStateDirectory(dir);
    await state.close();
    expect((await readdir(dir)).sort()).toEqual(['state.mdb', 'state.mdb-lock']);
    expect((await readStateDatabase(dir)).meta).toEqual(before.meta);
  });

  it('refuses a state.json beside a database it was not made from, and leaves both as they are', async () => {
    const dir = join(root, 'version-2');
    const other = versionTwoFile({ ...versionTwoState(), seed: 10 });
    await writeFile(join(dir, 'state.json'), other, { mode: 0o600 });
    const database = await readFile(join(dir, 'state.mdb'));
    await expect(openStateDirectory(dir)).rejects.toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('holds two states') });
    expect(await readFile(join(dir, 'state.json'))).toEqual(other);
    expect(await readFile(join(dir, 'state.mdb'))).toEqual(database);
    expect(await readdir(dir)).not.toContain('lock');
  });

  it('refuses a version 1 state.json, written when max-repeats-number N meant N charges, with the reason, and leaves it as it is', async () => {
    const dir = await mkdtemp(join(root, 'version-1-'));
    const older = versionTwoFile(versionTwoState(), 1);
    await writeFile(join(dir, 'state.json'), older, { mode: 0o600 });
    await expect(openStateDirectory(dir)).rejects.toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringMatching(
        /state version 1, which stopped a payment with max-repeats-number N after N charges .* this one reads version 2 \(moving it into its database\) and 3; give a new directory/,
      ),
    });
    expect(await readdir(dir)).toEqual(['state.json']);
    expect(await readFile(join(dir, 'state.json'))).toEqual(older);
  });

  it('refuses a damaged version 2 state.json (edited: its checksum does not match), and leaves it as it is', async () => {
    const dir = await mkdtemp(join(root, 'edited-'));
    const edited = Buffer.from(versionTwoFile(versionTwoState()).toString('utf8').replace('"2.50"', '"9.50"'));
    await writeFile(join(dir, 'state.json'), edited, { mode: 0o600 });
    await expect(openStateDirectory(dir)).rejects.toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringContaining('is damaged (half-written or edited'),
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

  it('takes over the lock of a process that is gone and drops a version 2 temporary file, keeping the state', async () => {
    const dir = join(root, 'killed');
    const first = await openStateDirectory(dir);
    const emulator = createEmulator({ merchants: [merchant], clock: 'virtual', today: '05.03.2030', log: () => {}, state: first });
    await emulator.persist();
    emulator.stop();
    await first.close();
    // What a kill -9 leaves: the lock of a dead process (and LMDB's own lock file, which LMDB recovers).
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    await writeFile(join(dir, 'lock'), `${dead}\n`, { mode: 0o600 });
    await writeFile(join(dir, 'state.json.999.7.tmp'), 'half', { mode: 0o600 });
    const second = await openStateDirectory(dir);
    try {
      expect(second.initial?.clock.today).toBe(21978); // 05.03.2030
      expect((await readdir(dir)).sort()).toEqual(['lock', 'state.mdb', 'state.mdb-lock']);
      expect((await readFile(join(dir, 'lock'), 'utf8')).trim()).toBe(String(process.pid));
    } finally {
      await second.close();
    }
  });
});
