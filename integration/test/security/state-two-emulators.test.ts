// Round 8 (issue 35), `paysign emulator --state DIR` with the real binary: two emulators started at
// one instant on a DIR whose callback retry is due (its emulator killed with kill -9), and lock
// files a kill -9 leaves (empty, holding part of a pid, or whole with a pid another process has
// since). Exactly one emulator serves the state and the retry is delivered once, by it; a lock
// left behind never names a live process as its holder, and never keeps the directory locked for ever.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliStart, startCli, stopCli } from '../../../packages/cli/test/run-cli.js';
import { sendPanEligibilityOrder, sleep, until, writeStartBarrier } from '../support/state-emulators.js';

const KEY = 'state-two-emulators-control-key';
const BACKOFF_MS = 1_500;

let root: string;
let barrier: string;
let receiver: Server;
let callbackUrl: string;
let answer = 503;
const arrivals: { orderid: string; at: number; answered: number }[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-state-two-'));
  barrier = await writeStartBarrier(root);
  receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    arrivals.push({ orderid: `${query.get('orderid')}/${query.get('merchant_order')}`, at: Date.now(), answered: answer });
    response.writeHead(answer).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callbacks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** `paysign emulator --state dir`, held until `at` when given: served (its base URL), or exited. */
function start(dir: string, at?: number): Promise<CliStart> {
  const args = ['emulator', '--login', 'merchant', '--endpoint-id', '1234', '--port', '0', '--state', dir];
  args.push('--outcome-delay-ms', '0', '--callback-url', callbackUrl, '--callback-attempts', '10', '--callback-backoff-ms', String(BACKOFF_MS));
  return startCli(args, { PAYSIGN_CONTROL_KEY: KEY, ...(at !== undefined && { PAYSIGN_TEST_START: String(at), NODE_OPTIONS: `--import=${barrier}` }) });
}

const stop = (outcome: CliStart, signal?: NodeJS.Signals) => stopCli(outcome.child, signal);

const of = (orderid: string) => arrivals.filter((arrival) => arrival.orderid === orderid);

describe('paysign emulator --state DIR: two emulators started at once with a callback retry due (round 8)', () => {
  it('exactly one serves, the other is refused (exit 2) before it reads the state; the retry is delivered once', async () => {
    const dir = join(root, 'retry-due');
    answer = 503;
    const first = await start(dir);
    expect(first.served).toBe(true);
    const merchantOrderId = 'o-two-at-once';
    let orderid: string;
    try {
      orderid = `${await sendPanEligibilityOrder(first.base, KEY, merchantOrderId)}/${merchantOrderId}`;
      await until(() => of(orderid).length === 1, 'the first attempt, refused');
    } finally {
      await stop(first, 'SIGKILL');
    }
    await sleep(BACKOFF_MS + 300); // the retry falls due with nobody to send it
    answer = 200;
    const at = Date.now() + 1_500;
    const outcomes = await Promise.all([start(dir, at), start(dir, at)]);
    try {
      const served = outcomes.filter((outcome) => outcome.served);
      expect(served).toHaveLength(1);
      const refused = outcomes.find((outcome) => !outcome.served)!;
      expect(refused.code).toBe(2);
      expect(refused.stderr()).toMatch(/is (in use by the emulator of process \d+|being opened by another emulator)/);
      await until(() => of(orderid).some((arrival) => arrival.answered === 200), 'the retry');
      await sleep(BACKOFF_MS * 2);
      expect(of(orderid).map((arrival) => arrival.answered)).toEqual([503, 200]);
    } finally {
      await Promise.all(outcomes.map((outcome) => stop(outcome)));
    }
  }, 60_000);
});

describe('paysign emulator --state DIR: a lock file a kill -9 left half-written (round 8)', () => {
  /** A state DIR an emulator kept, whose process is gone, with its lock file replaced by `content` (or what it makes of the lock as written). */
  async function leftBehind(name: string, content: string | ((written: string) => string), ageMs: number): Promise<string> {
    const dir = join(root, name);
    const kept = await start(dir);
    expect(kept.served).toBe(true);
    await stop(kept, 'SIGKILL');
    const locks = (await readdir(dir)).filter((file) => /^lock(\.\d+)?$/.test(file));
    expect(locks).toHaveLength(1);
    const lock = join(dir, locks[0]!);
    await writeFile(lock, typeof content === 'string' ? content : content(await readFile(lock, 'latin1')));
    const when = new Date(Date.now() - ageMs);
    await utimes(lock, when, when);
    return dir;
  }

  it('empty (killed between creating it and writing its pid): refused while it may be being taken (under 5 s), taken over once older', async () => {
    const young = await leftBehind('empty-young', '', 0);
    const refused = await start(young);
    expect([refused.served, refused.code]).toEqual([false, 2]);
    expect(refused.stderr()).toContain('is being opened by another emulator');
    const old = await leftBehind('empty-old', '', 10_000);
    const taken = await start(old);
    try {
      expect(taken.served).toBe(true);
    } finally {
      await stop(taken);
    }
  }, 30_000);

  it('part of a pid, naming a live process that is no emulator (the write cut short): taken over once older than 5 s, never "in use"', async () => {
    const bystander = spawn('sleep', ['60']);
    try {
      // "<pid>\n" cut before its newline: what is left names a live process.
      const dir = await leftBehind('truncated-pid', String(bystander.pid), 10_000);
      const taken = await start(dir);
      try {
        expect(taken.stderr()).not.toContain(`in use by the emulator of process ${bystander.pid}`);
        expect(taken.served).toBe(true);
      } finally {
        await stop(taken);
      }
    } finally {
      bystander.kill('SIGKILL');
    }
  }, 30_000);

  // Round 8 (low, fixed): a lock named its holder by pid alone, and after a kill -9 its pid may be
  // given to another process (a reboot, a container restarted, pid wrap-around): the DIR was then
  // refused as "in use" until the lock was removed by hand. On Linux the lock also holds the boot's
  // id and the writer's start time (/proc/<pid>/stat), which a later process with the pid has not.
  it('a whole lock left by kill -9 whose pid now belongs to a process that is no emulator: taken over, never "in use"', async () => {
    // The process that takes the pid starts after the emulator is gone, as a reused pid's does
    // (its start time differs: /proc counts it in ticks of 10 ms).
    let bystander: ChildProcess | undefined;
    try {
      let written = '';
      const dir = await leftBehind(
        'reused-pid',
        (lock) => {
          written = lock;
          bystander = spawn('sleep', ['60']);
          return lock.replace(/^[0-9]+/, String(bystander.pid));
        },
        10_000,
      );
      expect(written).toMatch(/^[1-9][0-9]* [0-9a-f-]+:[0-9]+\n$/);
      const taken = await start(dir);
      try {
        expect(taken.stderr()).not.toContain(`in use by the emulator of process ${bystander?.pid}`);
        expect(taken.served).toBe(true);
      } finally {
        await stop(taken);
      }
    } finally {
      bystander?.kill('SIGKILL');
    }
  }, 30_000);

  it('a whole lock of a live emulator is still refused (the rule the takeover must keep)', async () => {
    const dir = join(root, 'live');
    const live = await start(dir);
    try {
      expect(live.served).toBe(true);
      const second = await start(dir);
      expect([second.served, second.code]).toEqual([false, 2]);
      expect(second.stderr()).toContain(`is in use by the emulator of process ${live.child.pid}`);
    } finally {
      await stop(live);
    }
  }, 30_000);
});
