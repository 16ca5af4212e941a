// Round 6 (issue 35): `paysign emulator --state DIR` over a damaged state.mdb. LMDB trusts the
// file's page pointers: a truncated file, or garbage over its meta pages or a data page, killed
// the emulator with SIGSEGV or SIGBUS (exit 139, 135) and no message, where the README promises a
// damaged DIR is refused with exit 2 and left as it is. (Garbage over a page LMDB never reads, a
// free one, is harmless and not refused: LMDB keeps no checksums.) With the real binary, on a real state it
// wrote: every damage is refused with exit 2 naming it, the file byte for byte as it was; the
// same state undamaged still starts and keeps its payment.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paysign, startServingCli, type ServingCli } from '../../../packages/cli/test/run-cli.js';

const KEY = 'damaged-state-control-key';
let root: string;
let good: Buffer;

function start(dir: string): Promise<ServingCli> {
  return startServingCli(['emulator', '--login', 'merchant', '--endpoint-id', '1234', '--clock', 'virtual', '--state', dir, '--port', '0'], {
    PAYSIGN_CONTROL_KEY: KEY,
  });
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  expect((await once(child, 'exit'))[0]).toBe(0);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-damaged-state-'));
  const dir = join(root, 'good');
  const { child, base } = await start(dir);
  const created = await fetch(`${base}/emulator/recurring-payments?login=merchant&endpoint=1234`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ 'recurring-payment-id': 'rp-kept', 'credit-card-number': '4111111111111111', amount: '1.00', period: 'day', interval: '1' }),
  });
  expect(created.status).toBe(201);
  await stop(child);
  good = await readFile(join(dir, 'state.mdb'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const PAGE = 4096;
const damages: [string, (file: string) => Promise<void>][] = [
  ['truncated inside its first page', (file) => truncate(file, 100)],
  ['truncated after its meta pages', (file) => truncate(file, 3 * PAGE - 300)],
  ['truncated to half', (file) => truncate(file, Math.floor(good.length / 2))],
  ['with garbage over its first meta page', (file) => overwrite(file, 0)],
  ['with garbage over its second meta page', (file) => overwrite(file, PAGE)],
  ['with garbage over every page after its meta pages', (file) => overwrite(file, 2 * PAGE, good.length)],
];

/** `good` with garbage from `offset` to `end` (default one page), seeded by the offset: the same garbage at every run. */
async function overwrite(file: string, offset: number, end = offset + PAGE): Promise<void> {
  const bytes = Buffer.from(good);
  let seed = offset + 1;
  for (let i = offset; i < Math.min(end, bytes.length); i++) bytes[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  await writeFile(file, bytes, { mode: 0o600 });
}

describe('paysign emulator --state DIR whose state.mdb is damaged (round 6)', () => {
  it.each(damages)('a state.mdb %s is refused with exit 2 naming the damage, and left byte for byte as it was', async (_name, damage) => {
    const dir = await mkdtemp(join(root, 'bad-'));
    const file = join(dir, 'state.mdb');
    await writeFile(file, good, { mode: 0o600 });
    await damage(file);
    const before = await readFile(file);
    const result = paysign(['emulator', '--login', 'merchant', '--clock', 'virtual', '--state', dir, '--port', '0'], { PAYSIGN_CONTROL_KEY: KEY });
    expect([result.code, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toMatch(/state\.mdb is damaged \(reading it in a process of its own: (killed by SIG[A-Z]+|could not be read)\); it is left as it is/);
    expect((await readFile(file)).equals(before)).toBe(true);
  });

  it('the same state undamaged starts and keeps its payment', async () => {
    const dir = await mkdtemp(join(root, 'copy-'));
    await writeFile(join(dir, 'state.mdb'), good, { mode: 0o600 });
    const { child, base } = await start(dir);
    try {
      const payments = await (await fetch(`${base}/emulator/recurring-payments?login=merchant&endpoint=1234`)).text();
      expect(payments).toContain('rp-kept');
    } finally {
      await stop(child);
    }
  });
});
