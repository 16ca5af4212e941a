// Issue 27 (low): `send --save-request FILE` followed symlinks (the request, card number and CVV
// written over the link's target), created a dangling link's target, and emptied FILE when the
// validator refused the request; bulk `--results` through a symlink overwrote an unrelated file.
// Each attack runs the real binary against a real HTTP gateway (a stub) or the emulator.
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@paysign/emulator/node';
import { afterAll, describe, expect, it } from 'vitest';
import { paysignAsync } from '../run-cli.js';
import { stubGateway } from '../stub-gateway.js';

const root = mkdtempSync(join(tmpdir(), 'paysign-links-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const TRANSFER = JSON.parse(readFileSync(new URL('../../demo/requests/transfer.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const PAN = '4111111111111111';
const UNRELATED = 'an unrelated file of the user: must never change\n';

let dirs = 0;
const freshDir = () => mkdtempSync(join(root, `case-${++dirs}-`));

async function send(dir: string, request: Record<string, unknown>, saveTo: string) {
  const file = join(dir, 'request-in.json');
  writeFileSync(file, JSON.stringify(request));
  const gateway = await stubGateway(403);
  try {
    const run = await paysignAsync([
      'send',
      'transfer',
      '--file',
      file,
      '--base-url',
      gateway.url,
      '--endpoint-id',
      '1',
      '--login',
      'merchant',
      '--control-key',
      'key',
      '--save-request',
      saveTo,
    ]);
    return { ...run, sent: gateway.received.length };
  } finally {
    await gateway.close();
  }
}

/** The names in `dir` other than the ones the test made: a temporary file left behind shows here. */
const leftovers = (dir: string, made: string[]) => readdirSync(dir).filter((name) => !made.includes(name));

describe('send --save-request writes card data only to a regular file of its own (#27 low)', () => {
  it('a symlink at FILE is refused before anything is sent; its target keeps its content', async () => {
    const dir = freshDir();
    const target = join(dir, 'notes.txt');
    writeFileSync(target, UNRELATED);
    const link = join(dir, 'request.json');
    symlinkSync(target, link);
    const run = await send(dir, TRANSFER, link);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--save-request ${link} is a symbolic link: refused`);
    expect(run.sent).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(UNRELATED);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(leftovers(dir, ['notes.txt', 'request.json', 'request-in.json'])).toEqual([]);
  });

  it('a dangling symlink is refused and its target is never created', async () => {
    const dir = freshDir();
    const target = join(dir, 'created-through-the-link.json');
    const link = join(dir, 'request.json');
    symlinkSync(target, link);
    const run = await send(dir, TRANSFER, link);
    expect(run.code).toBe(2);
    expect(run.sent).toBe(0);
    expect(existsSync(target)).toBe(false);
  });

  it('a request the validator refuses leaves FILE as it was (not emptied) and no file beside it', async () => {
    const dir = freshDir();
    const saved = join(dir, 'request.json');
    writeFileSync(saved, 'the request saved by an earlier run\n', { mode: 0o600 });
    const run = await send(dir, { ...TRANSFER, expireMonth: 13 }, saved);
    expect(run.code).toBe(1);
    expect(run.sent).toBe(0);
    expect(readFileSync(saved, 'utf8')).toBe('the request saved by an earlier run\n');
    expect(leftovers(dir, ['request.json', 'request-in.json'])).toEqual([]);
  });

  it('a request that passed validation replaces FILE (mode 0600) with the bytes sent, and only then', async () => {
    const dir = freshDir();
    const saved = join(dir, 'request.json');
    const run = await send(dir, TRANSFER, saved);
    expect(run.sent).toBe(1);
    expect(statSync(saved).mode & 0o777).toBe(0o600);
    expect((JSON.parse(readFileSync(saved, 'utf8')) as { body: string }).body).toContain(`credit_card_number=${PAN}`);
    expect(run.stderr).not.toContain(PAN);
    expect(leftovers(dir, ['request.json', 'request-in.json'])).toEqual([]);
  });
});

describe('bulk --results never writes through a link (#27 low)', () => {
  it('a symlink at --results is refused before any row is sent; its target keeps its content', async () => {
    const dir = freshDir();
    const csv = join(dir, 'rows.csv');
    writeFileSync(
      csv,
      'client-orderid;recurring-payment-id;credit-card-number;card-printed-name;expire-year;expire-month;amount\n' +
        `order-1;rp-1;${PAN};JOHN DOE;2031;1;1.00\n`,
    );
    const target = join(dir, 'notes.txt');
    writeFileSync(target, UNRELATED);
    const link = join(dir, 'results.csv');
    symlinkSync(target, link);
    const server = await serve({
      merchants: [{ login: 'merchant', controlKey: 'key', endpointIds: ['1'] }],
      profiles: [{ 'recurring-payment-id': 'rp-1' }],
      log: () => {},
    });
    try {
      const run = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--results', link], {
        PAYSIGN_BASE_URL: server.url,
        PAYSIGN_ENDPOINT_ID: '1',
        PAYSIGN_LOGIN: 'merchant',
        PAYSIGN_CONTROL_KEY: 'key',
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--results "${link}" is a symbolic link: refused`);
      expect((await server.emulator.profiles.list()).map((p) => p.revision)).toEqual([0]);
      expect(readFileSync(target, 'utf8')).toBe(UNRELATED);
      expect(leftovers(dir, ['rows.csv', 'notes.txt', 'results.csv'])).toEqual([]);
      // A regular file is replaced as a whole (written aside, renamed), with the run's lines.
      rmSync(link);
      writeFileSync(link, 'an older report\n');
      const ok = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--results', link], {
        PAYSIGN_BASE_URL: server.url,
        PAYSIGN_ENDPOINT_ID: '1',
        PAYSIGN_LOGIN: 'merchant',
        PAYSIGN_CONTROL_KEY: 'key',
      });
      expect(ok.code).toBe(0);
      expect(readFileSync(link, 'utf8')).toMatch(/^row;recurring-payment-id;outcome;serial-number;error-code;error-message\r\n1;rp-1;updated;[^;]*;;\r\n$/);
      expect(leftovers(dir, ['rows.csv', 'notes.txt', 'results.csv'])).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
