// The --state lock under a race, with the real `paysign emulator --state DIR` binary: emulators
// started at the same instant over the stale lock a kill -9 leaves (its process gone) must not
// both take it. Both read the stale lock; with a takeover of "remove it, then create mine", the
// second's removal could delete the first's fresh lock and both served one state (seen once in
// about 25 pairs). Each round here starts its emulators released by one barrier (a preload that
// waits for a shared instant, so they reach the lock within a few milliseconds of each other) and
// asserts that exactly one serves and every other is refused, naming the one in use.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliStart, startCli, stopCli } from '../../../packages/cli/test/run-cli.js';
import { writeStartBarrier } from '../support/state-emulators.js';

const KEY = 'state-lock-race-control-key';
const ROUNDS = 4;
const PER_ROUND = 3; // three pairs in each round
let root: string;
let barrier: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-state-lock-race-'));
  barrier = await writeStartBarrier(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

function start(dir: string, at: number): Promise<CliStart> {
  return startCli(['emulator', '--login', 'merchant', '--endpoint-id', '1234', '--clock', 'virtual', '--port', '0', '--state', dir], {
    PAYSIGN_CONTROL_KEY: KEY,
    PAYSIGN_TEST_START: String(at),
    NODE_OPTIONS: `--import=${barrier}`,
  });
}

/** The pid of a process that has exited: what a lock left by kill -9 names. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

const stop = (outcome: CliStart) => stopCli(outcome.child);

describe('paysign emulator --state DIR: the takeover of a stale lock is atomic', () => {
  it(`${ROUNDS * PER_ROUND} pairs started at one instant over a stale lock: exactly one of each pair serves, the other is refused (exit 2)`, async () => {
    const failures: string[] = [];
    const dead = deadPid();
    for (let round = 0; round < ROUNDS; round++) {
      const dirs = await Promise.all(
        Array.from({ length: PER_ROUND }, async (_, pair) => {
          const dir = join(root, `r${round}-p${pair}`);
          await mkdir(dir, { mode: 0o700 });
          await writeFile(join(dir, 'lock'), `${dead}\n`, { mode: 0o600 });
          return dir;
        }),
      );
      const at = Date.now() + 300; // every process of the round is spawned by then
      const outcomes = await Promise.all(dirs.map((dir) => Promise.all([start(dir, at), start(dir, at)])));
      for (const [pair, two] of outcomes.entries()) {
        const serving = two.filter((outcome) => outcome.served);
        const refused = two.filter((outcome) => !outcome.served);
        if (serving.length !== 1) failures.push(`round ${round} pair ${pair}: ${serving.length} served (${refused.map((o) => o.stderr().trim()).join(' | ')})`);
        for (const outcome of refused) {
          if (outcome.code !== 2 || !/in use by the emulator of process \d+|being opened by another emulator/.test(outcome.stderr()))
            failures.push(`round ${round} pair ${pair}: refused with ${outcome.code}: ${outcome.stderr().trim()}`);
        }
      }
      await Promise.all(outcomes.flat().map(stop));
      // The one that served left no lock behind it; nothing but the state's own files.
      for (const dir of dirs) expect((await readdir(dir)).filter((name) => name.startsWith('lock'))).toEqual([]);
    }
    expect(failures.join('\n')).toBe('');
  }, 60_000);
});
