// Issue #27 item 4 and the --state lows, as attacks against the real `paysign emulator --state DIR`
// binary over HTTP and against openStateDirectory (what the binary calls):
// - requests that are refused (404, 415, 403 for an unknown login or a wrong signature) write
//   nothing: the database file's bytes, size and mtime are the same after 200 of them, while one
//   accepted request changes them before it is answered;
// - a symbolic link planted where a state file goes is never followed: refused, its target untouched;
// - a directory another user owns or that group or other users can write, and a state file others
//   can read, are refused with UNSAFE_STATE naming the rule.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { chmod, chown, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStateDirectory } from '@paysign/emulator/node';
import { handSign, post } from '../../../packages/emulator/test/independent-signer.js';
import { startServingCli, type ServingCli } from '../../../packages/cli/test/run-cli.js';

const BIN = fileURLToPath(new URL('../../../packages/cli/dist/bin.js', import.meta.url));
const KEY = 'state-attack-control-key';
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-state-attack-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

function start(dir: string): Promise<ServingCli> {
  return startServingCli(['emulator', '--login', 'merchant', '--endpoint-id', '1234', '--clock', 'virtual', '--state', dir], { PAYSIGN_CONTROL_KEY: KEY });
}

/** What an observer outside the process sees of the database file. */
async function observe(dir: string): Promise<{ sha256: string; size: number; mtimeMs: number }> {
  const file = join(dir, 'state.mdb');
  const info = await stat(file);
  return {
    sha256: createHash('sha256')
      .update(await readFile(file))
      .digest('hex'),
    size: info.size,
    mtimeMs: info.mtimeMs,
  };
}

describe('paysign emulator --state DIR, attacked over HTTP', () => {
  it('200 refused POSTs (404, 415, 403 unknown login, 403 wrong key) leave the database untouched; one accepted request writes it before its answer', async () => {
    const dir = join(root, 'quiet');
    const run = await start(dir);
    try {
      const created = await fetch(`${run.base}/emulator/recurring-payments?login=merchant&endpoint=1234`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ 'recurring-payment-id': 'rp-1', 'credit-card-number': '4111111111111111', amount: '1.00', period: 'month', interval: '1' }),
      });
      expect(created.status).toBe(201);
      // The save timer (1 s) has nothing left to write after this.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const before = await observe(dir);

      const path = '/payment/api/v2/pan-eligibility/send/1234';
      const url = `${run.base}${path}`;
      const params: [string, string][] = [
        ['client-order-id', 'o-1'],
        ['sending-card-ref-id', 'ref-1'],
      ];
      const statuses: number[] = [];
      const sends: Promise<void>[] = [];
      for (let i = 0; i < 50; i++) {
        sends.push(
          fetch(`${run.base}/no-such-path/${i}`, { method: 'POST', body: 'a=1' }).then(async (r) => void statuses.push(r.status, (await r.text()).length)),
        );
        sends.push(
          fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'a=1' }).then(
            async (r) => void statuses.push(r.status, (await r.text()).length),
          ),
        );
        sends.push(
          post(url, handSign(url, 'nobody', { method: 'HMAC-SHA1', controlKey: KEY }, params)).then((r) => void statuses.push(r.status, r.text.length)),
        );
        sends.push(
          post(url, handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'not-the-key' }, params)).then(
            (r) => void statuses.push(r.status, r.text.length),
          ),
        );
      }
      await Promise.all(sends);
      const counted = new Map<number, number>();
      for (let i = 0; i < statuses.length; i += 2) counted.set(statuses[i] as number, (counted.get(statuses[i] as number) ?? 0) + 1);
      expect(Object.fromEntries(counted)).toEqual({ 404: 50, 415: 50, 403: 100 });
      // Past the next tick of the save timer too.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await observe(dir)).toEqual(before);

      // The observation can see a write: one accepted request changes the file before its reply.
      const accepted = await post(url, handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: KEY }, params));
      expect(accepted.status).toBe(200);
      const after = await observe(dir);
      expect(after.sha256).not.toBe(before.sha256);
      expect(run.stderr()).toContain('invalid_signature');
    } finally {
      run.child.kill('SIGTERM');
      await once(run.child, 'exit');
    }
  }, 60_000);

  it('a symbolic link planted as the database file is refused at start (exit 2, the rule named), and its target is untouched', async () => {
    const dir = await mkdtemp(join(root, 'planted-'));
    const victim = join(root, 'victim.txt');
    await writeFile(victim, 'not yours');
    await symlink(victim, join(dir, 'state.mdb'));
    const child = spawn(process.execPath, [BIN, 'emulator', '--login', 'merchant', '--state', dir], {
      env: { PATH: process.env.PATH ?? '', PAYSIGN_CONTROL_KEY: KEY },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain("state.mdb is a symbolic link: the state's files are never opened through a link");
    expect(await readFile(victim, 'utf8')).toBe('not yours');
    expect((await readdir(dir)).sort()).toEqual(['state.mdb']);
  });
});

describe('openStateDirectory refuses what others could change', () => {
  const refused = async (dir: string, message: RegExp) => {
    await expect(openStateDirectory(dir)).rejects.toMatchObject({ name: 'EmulatorError', code: 'UNSAFE_STATE', message: expect.stringMatching(message) });
  };

  it.each([
    ['state.mdb-lock', 'LMDB lock file'],
    ['lock', 'lock file'],
  ])('a link planted as %s (the %s) is never followed: refused, and its target is untouched', async (name) => {
    const dir = await mkdtemp(join(root, 'link-'));
    const victim = join(root, `victim-${name}`);
    await writeFile(victim, 'not yours');
    await symlink(victim, join(dir, name));
    await refused(dir, new RegExp(`${name}: ?is a symbolic link|${name} is a symbolic link`));
    expect(await readFile(victim, 'utf8')).toBe('not yours');
    expect(await readdir(dir)).toEqual([name]);
  });

  it('a dangling link planted as the database file is not created through', async () => {
    const dir = await mkdtemp(join(root, 'dangling-'));
    const target = join(root, 'would-be-created');
    await symlink(target, join(dir, 'state.mdb'));
    await refused(dir, /state\.mdb is a symbolic link/);
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it.each([
    [0o777, /can be written by its group \(mode 0777\): a state directory must be writable by its owner only \(chmod 700\)/],
    [0o770, /can be written by its group \(mode 0770\)/],
    [0o703, /can be written by other users \(mode 0703\)/],
  ])('a directory of mode %o is refused, and left as it is', async (mode, message) => {
    const dir = await mkdtemp(join(root, 'mode-'));
    await chmod(dir, mode);
    await refused(dir, message);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a directory owned by another user is refused', async () => {
    let dir: string;
    if (process.getuid?.() === 0) {
      // As root (CI): a directory given to another user, mode 0700.
      dir = await mkdtemp(join(root, 'theirs-'));
      await chown(dir, 65_534, 65_534);
    } else {
      // As a user: a directory root owns and nobody else can write.
      dir = '/';
    }
    await refused(dir, /is owned by another user \(uid \d+, this process runs as \d+\): a state directory must be owned by the user running the emulator/);
  });

  it('a state file that group or other users can read is refused (it holds card numbers)', async () => {
    const dir = join(root, 'readable');
    const state = await openStateDirectory(dir);
    await state.close();
    await chmod(join(dir, 'state.mdb'), 0o644);
    await refused(dir, /state\.mdb can be read or written by group or other users \(mode 0644\): the state's files must be 0600/);
  });

  // Only root can give a file away (CI runs as root); as a user, the directory's owner rule above stands for it.
  it.runIf(process.getuid?.() === 0)('a state file owned by another user is refused', async () => {
    const dir = join(root, 'given-away');
    const state = await openStateDirectory(dir);
    await state.close();
    await chown(join(dir, 'state.mdb'), 65_534, 65_534);
    await refused(dir, /state\.mdb is owned by another user \(uid 65534\)/);
  });
});
