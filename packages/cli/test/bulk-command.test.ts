import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, paysignAsync } from './run-cli.js';

const PAN = '4111111111111111';
const COLUMNS = ['client-orderid', 'recurring-payment-id', 'credit-card-number', 'card-printed-name', 'expire-year', 'expire-month', 'amount'];
const row = (n: number, month = String((n % 12) + 1), pan = PAN) => [`order-${n}`, `rp-${n}`, pan, 'JOHN DOE', '2031', month, `${n}.00`].join(';');
const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-cli-'));

let server: RunningEmulator | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function emulator(count: number): Promise<RunningEmulator> {
  server = await serve({
    merchants: [{ login: 'merchant', controlKey: 'key', endpointIds: ['1'] }],
    profiles: Array.from({ length: count }, (_, i) => ({ 'recurring-payment-id': `rp-${i + 1}` })),
    log: () => {},
  });
  return server;
}

function csvFile(name: string, lines: string[], eol = '\n'): string {
  const path = join(dir, name);
  writeFileSync(path, [COLUMNS.join(';'), ...lines].join(eol) + eol);
  return path;
}

const env = (url: string, key = 'key') => ({ PAYSIGN_BASE_URL: url, PAYSIGN_ENDPOINT_ID: '1', PAYSIGN_LOGIN: 'merchant', PAYSIGN_CONTROL_KEY: key });
const revisions = async (s: RunningEmulator) => (await s.emulator.profiles.list()).map((p) => p.revision);

describe('paysign bulk update-recurring-payments', () => {
  it('updates every row once, journals them, writes one results line per row, exits 0', async () => {
    const s = await emulator(25);
    const csv = csvFile(
      'clean.csv',
      Array.from({ length: 25 }, (_, i) => row(i + 1)),
      '\r\n',
    );
    const journal = join(dir, 'clean.journal');
    const results = join(dir, 'clean-results.csv');
    const run = await paysignAsync(
      ['bulk', 'update-recurring-payments', '--csv', csv, '--journal', journal, '--results', results, '--concurrency', '4'],
      env(s.url),
    );
    expect(run.stderr).not.toContain(PAN);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/25 rows: 25 updated, 0 refused, 0 invalid, 0 failed/);
    expect(await revisions(s)).toEqual(Array(25).fill(1));
    const lines = readFileSync(results, 'utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(26);
    expect(lines[0]).toBe('row;recurring-payment-id;outcome;serial-number;error-code;error-message');
    expect(lines[1]).toMatch(/^1;rp-1;updated;[^;]+;;$/);
    // Run again with the same journal: nothing is sent.
    const again = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--journal', journal], env(s.url));
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/25 finished by an earlier run/);
    expect(await revisions(s)).toEqual(Array(25).fill(1));
  });

  it('lists invalid rows (row, column, rule, card number masked) and sends nothing; --skip-invalid sends the others', async () => {
    const s = await emulator(4);
    const badPan = '4111111111111112';
    const csv = csvFile('invalid.csv', [row(1), row(2, '13'), row(3, '1', badPan), row(4)]);
    const results = join(dir, 'invalid-results.csv');
    const refused = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--results', results], env(s.url));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/row 2 \(line 3\), column expire-month, rule expire-month-range/);
    expect(refused.stderr).toMatch(/row 3 \(line 4\), column credit-card-number, rule luhn/);
    expect(refused.stderr).toMatch(/nothing was sent/);
    expect(refused.stderr + readFileSync(results, 'utf8')).not.toContain(badPan);
    expect(await revisions(s)).toEqual([0, 0, 0, 0]);

    const skipped = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--skip-invalid', '--results', results], env(s.url));
    expect(skipped.code).toBe(1); // not every row was updated
    expect(await revisions(s)).toEqual([1, 0, 0, 1]);
    expect(
      readFileSync(results, 'utf8')
        .split('\r\n')
        .map((l) => l.split(';').slice(0, 3).join(';')),
    ).toEqual(['row;recurring-payment-id;outcome', '1;rp-1;updated', '2;rp-2;invalid', '3;rp-3;invalid', '4;rp-4;updated', '']);
  });

  it('a wrong control key stops after a few authentication refusals and says so', async () => {
    const s = await emulator(200);
    const csv = csvFile(
      'auth.csv',
      Array.from({ length: 200 }, (_, i) => row(i + 1)),
    );
    const run = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--concurrency', '1'], env(s.url, 'wrong-key'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/authentication refusals/);
    expect(run.stdout).toMatch(/200 not done/);
  });

  it('--shard K/N: two processes split the input; their results files together cover every row once', async () => {
    const s = await emulator(9);
    const csv = csvFile(
      'shard.csv',
      Array.from({ length: 9 }, (_, i) => row(i + 1)),
    );
    const parts = [0, 1].map((k) => join(dir, `shard-${k}.csv`));
    const runs = await Promise.all(
      [0, 1].map((k) =>
        paysignAsync(
          ['bulk', 'update-recurring-payments', '--csv', csv, '--shard', `${k}/2`, '--journal', join(dir, `shard-${k}.journal`), '--results', parts[k]!],
          env(s.url),
        ),
      ),
    );
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    const files = parts.map((p) => readFileSync(p, 'utf8').trimEnd().split('\r\n'));
    expect(files.map((lines) => lines[0])).toEqual([
      'row;recurring-payment-id;outcome;serial-number;error-code;error-message',
      'row;recurring-payment-id;outcome;serial-number;error-code;error-message',
    ]);
    const rows = files.flatMap((lines) => lines.slice(1)).map((l) => Number(l.split(';')[0]));
    expect(rows.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await revisions(s)).toEqual(Array(9).fill(1));
    const bad = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--shard', '2/2'], env(s.url));
    expect(bad.code).toBe(2);
  });

  it('Ctrl-C stops cleanly: the journal stays consistent and the next run finishes the rest', async () => {
    const s = await emulator(400);
    const csv = csvFile(
      'sigint.csv',
      Array.from({ length: 400 }, (_, i) => row(i + 1)),
    );
    const journal = join(dir, 'sigint.journal');
    const results = join(dir, 'sigint-results.csv');
    const args = [BIN, 'bulk', 'update-recurring-payments', '--csv', csv, '--journal', journal, '--results', results, '--rate', '200', '--concurrency', '4'];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env(s.url) } });
      child.stdout.resume();
      child.stderr.resume();
      const poll = setInterval(() => {
        if (existsSync(journal) && readFileSync(journal, 'utf8').split('\n').length > 20) {
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 5);
      child.on('close', (c) => (clearInterval(poll), resolve(c)));
    });
    expect(code).toBe(1);
    const lines = readFileSync(journal, 'utf8');
    expect(lines.endsWith('\n')).toBe(true);
    const before = lines.trimEnd().split('\n').length;
    expect(before).toBeLessThan(400);
    // The interrupted run wrote its results too: a header, then the rows it finished.
    const interrupted = readFileSync(results, 'utf8').trimEnd().split('\r\n');
    expect(interrupted[0]).toBe('row;recurring-payment-id;outcome;serial-number;error-code;error-message');
    expect(interrupted.length).toBe(before + 1);
    const rest = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--journal', journal, '--results', results], env(s.url));
    expect(rest.code).toBe(0);
    // Resumed with the same journal and results file: exactly one header line, every row once.
    const resumed = readFileSync(results, 'utf8').trimEnd().split('\r\n');
    expect(resumed.filter((line) => line.startsWith('row;'))).toHaveLength(1);
    expect(resumed[0]).toBe('row;recurring-payment-id;outcome;serial-number;error-code;error-message');
    expect(resumed.slice(1).map((line) => Number(line.split(';')[0]))).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    const rows = readFileSync(journal, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { row: number }).row);
    expect(rows.sort((a, b) => a - b)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
  });
});

describe('paysign bulk: one run per journal, files kept safe (#19 item 8, item 11, low items)', () => {
  it('a second run on a journal in use is refused at start with a clear message; no row is sent twice', async () => {
    const s = await emulator(40);
    const csv = csvFile(
      'locked.csv',
      Array.from({ length: 40 }, (_, i) => row(i + 1)),
    );
    const journal = join(dir, 'locked.journal');
    const first = spawn(
      process.execPath,
      [BIN, 'bulk', 'update-recurring-payments', '--csv', csv, '--journal', journal, '--rate', '25', '--concurrency', '2'],
      {
        env: { PATH: process.env.PATH ?? '', ...env(s.url) },
      },
    );
    first.stdout.resume();
    first.stderr.resume();
    const firstCode = new Promise<number | null>((resolve) => first.on('close', resolve));
    while (!existsSync(journal) || readFileSync(journal, 'utf8').split('\n').length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--journal', journal], env(s.url));
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('BULK_JOURNAL_LOCKED');
    expect(second.stderr).toContain(`is in use by another run: pid ${first.pid} on this host`);
    expect(await firstCode).toBe(0);
    expect(await revisions(s)).toEqual(Array(40).fill(1));
  });

  it('--journal naming a one-line file without a final newline is refused, and the line is kept', async () => {
    const s = await emulator(2);
    const csv = csvFile('one-line.csv', [row(1), row(2)]);
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'keep this line');
    const run = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--journal', notes], env(s.url));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/BULK_JOURNAL_CORRUPT: journal line 1 is not a record/);
    expect(readFileSync(notes, 'utf8')).toBe('keep this line');
    expect(await revisions(s)).toEqual([0, 0]);
  });

  it('--results, --journal and --csv naming one file (even spelled differently, or through a link) are refused before anything is sent', async () => {
    const s = await emulator(2);
    const csv = csvFile('same.csv', [row(1), row(2)]);
    const before = readFileSync(csv, 'utf8');
    const link = join(dir, 'link-to-same.csv');
    symlinkSync(csv, link);
    const journal = join(dir, 'same.journal');
    for (const [flags, message] of [
      [['--results', csv], '--csv and --results name the same file'],
      [['--results', join(dir, '.', 'same.csv')], '--csv and --results name the same file'],
      [['--results', link], '--csv and --results name the same file'],
      [['--journal', csv], '--csv and --journal name the same file'],
      [['--journal', journal, '--results', journal], '--journal and --results name the same file'],
    ] as const) {
      const run = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, ...flags], env(s.url));
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.stderr).toContain(message);
    }
    expect(readFileSync(csv, 'utf8')).toBe(before);
    expect(existsSync(journal)).toBe(false);
    expect(await revisions(s)).toEqual([0, 0]);
  });

  it('the results CSV masks card numbers glued to text and neutralises formula cells; stdout and stderr show no PAN', async () => {
    const message = `=HYPERLINK("http://evil.example") pan=${PAN}x 4111_1111_1111_1111 and 4111/1111/1111/1111`;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(`type=error&error-code=-1&error-message=${encodeURIComponent(message)}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const csv = csvFile('echo.csv', [[`order-1`, `@rp${PAN}`, PAN, 'JOHN DOE', '2031', '1', '1.00'].join(';')]);
      const results = join(dir, 'echo-results.csv');
      const run = await paysignAsync(
        ['bulk', 'update-recurring-payments', '--csv', csv, '--results', results, '--journal', join(dir, 'echo.journal')],
        env(url),
      );
      expect(run.code).toBe(1);
      const text = readFileSync(results, 'utf8');
      expect(text).toBe(
        `row;recurring-payment-id;outcome;serial-number;error-code;error-message\r\n1;'@rp411111******1111;refused;;'-1;"'=HYPERLINK(""http://evil.example"") pan=411111******1111x 411111******1111 and 411111******1111"\r\n`,
      );
      for (const output of [text, run.stdout, run.stderr, readFileSync(join(dir, 'echo.journal'), 'utf8')]) {
        expect(output).not.toContain(PAN);
        expect(output).not.toMatch(/4111[_/]1111/);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
