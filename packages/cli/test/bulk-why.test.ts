import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { paysignAsync } from './run-cli.js';

// Bulk failures that say why (issue #21, items 2 and 3), --json for the summary, and a shard that
// answers for its own rows only (issue #20, item 2).
const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-why-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const COLUMNS = 'client-orderid;recurring-payment-id;credit-card-number;card-printed-name;expire-year;expire-month;amount';
const PAN = '4111111111111111';
const line = (n: number, id = `rp-${n}`) => `order-${n};${id};${PAN};JOHN DOE;2031;${(n % 12) + 1};${n}.00`;
function csvFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const env = (url: string) => ({ PAYSIGN_BASE_URL: url, PAYSIGN_ENDPOINT_ID: '1', PAYSIGN_LOGIN: 'merchant', PAYSIGN_CONTROL_KEY: 'key' });

let server: RunningEmulator | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
async function emulator(ids: string[]): Promise<RunningEmulator> {
  server = await serve({
    merchants: [{ login: 'merchant', controlKey: 'key', endpointIds: ['1'] }],
    profiles: ids.map((id) => ({ 'recurring-payment-id': id })),
    log: () => {},
  });
  return server;
}

/** A loopback port nothing listens on: opened, then closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('paysign bulk says why rows fail', () => {
  it('a closed port: stops after a few connection refusals, sends nothing more, and prints ECONNREFUSED', async () => {
    const csv = csvFile('closed.csv', `${COLUMNS}\n${Array.from({ length: 200 }, (_, i) => line(i + 1)).join('\n')}\n`);
    const port = await closedPort();
    const run = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--concurrency', '1', '--json'], env(`http://127.0.0.1:${port}`));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`stopped: the gateway cannot be reached`);
    expect(run.stderr).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
    const summary = JSON.parse(run.stdout) as Record<string, unknown>;
    // Before: every row retried 5 times (800 retries), then "200 failed" and no cause.
    expect(summary).toMatchObject({ stopReason: 'unreachable', total: 200, failed: 0, notDone: 200 });
    expect(summary.retries as number).toBeLessThan(5);
    expect(summary.cause).toContain('ECONNREFUSED');
  });

  it('refusals are printed with their reason and their true row and line, without --results', async () => {
    const s = await emulator(['rp-1', 'rp-3']);
    // An empty line before row 3: row 3 is on line 5.
    const csv = csvFile('refused.csv', `${COLUMNS}\n${line(1)}\n${line(2)}\n\n${line(3)}\n`);
    const run = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv], env(s.url));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/3 rows: 2 updated, 1 refused/);
    expect(run.stderr).toContain('refused row 2 (line 3) 400: recurring-payment-id: no recurring payment has this id');
    expect(run.stderr).not.toMatch(/row 1\b/);
    expect(run.stderr).not.toContain(PAN);
  });

  it('--json prints the summary as one stable document; the summary line moves to stderr', async () => {
    const s = await emulator(['rp-1', 'rp-3']);
    const csv = csvFile('json.csv', `${COLUMNS}\n${line(1)}\n${line(2)}\n${line(3)}\n`);
    const results = join(dir, 'json-results.csv');
    const run = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--json', '--results', results], env(s.url));
    expect(run.code).toBe(1);
    const summary = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual([
      'stopReason',
      'total',
      'updated',
      'refused',
      'invalid',
      'failed',
      'notDone',
      'resumed',
      'retries',
      'elapsedMs',
      'cause',
      'firstProblems',
    ]);
    expect(summary).toMatchObject({ stopReason: 'completed', total: 3, updated: 2, refused: 1, invalid: 0, failed: 0, notDone: 0, cause: null });
    expect(summary.firstProblems).toEqual([
      { row: 2, line: 3, outcome: 'refused', errorCode: '400', reason: 'recurring-payment-id: no recurring payment has this id' },
    ]);
    expect(run.stderr).toMatch(/3 rows: 2 updated, 1 refused/);
    // The results file has the gateway's words as it said them (its request held row 2 alone: the gateway's "row 1"), never parsed back.
    expect(readFileSync(results, 'utf8').split('\r\n')[2]).toMatch(/^2;rp-2;refused;[^;]+;400;row 1, recurring-payment-id: no recurring payment has this id$/);
  });

  it('a comma-separated CSV (a spreadsheet export): the message says the separator is ";"', async () => {
    const csv = csvFile('commas.csv', `${COLUMNS.replaceAll(';', ',')}\n${line(1).replaceAll(';', ',')}\n`);
    const run = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv], env('http://127.0.0.1:1'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`paysign bulk: --csv ${csv}: the header row is separated by ",", but the gateway's CSV separates fields with ";"`);
    expect(run.stderr).not.toContain('...)');
  });

  it('--shard 0/2 is not refused for an invalid row of shard 1; shard 1 is, and lists it', async () => {
    const s = await emulator(['rp-1', 'rp-2', 'rp-3', 'rp-4']);
    // Row 2 (0-based index 1: shard 1) has no amount... and an expire-month of 13.
    const bad = 'order-2;rp-2;4111111111111111;JOHN DOE;2031;13;2.00';
    const csv = csvFile('shards.csv', `${COLUMNS}\n${line(1)}\n${bad}\n${line(3)}\n${line(4)}\n`);
    const zero = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--shard', '0/2'], env(s.url));
    expect(zero.stderr).not.toMatch(/invalid row/);
    expect(zero.code).toBe(0);
    expect(zero.stdout).toMatch(/2 rows: 2 updated/);
    const one = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--shard', '1/2'], env(s.url));
    expect(one.code).toBe(1);
    expect(one.stderr).toContain('invalid row 2 (line 3), column expire-month');
    expect(one.stderr).toContain('1 invalid row(s) in shard 1/2 (listed above)');
  });
});
