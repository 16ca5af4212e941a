// Issue 31 item 6: one vocabulary for outcomes in bulk's progress lines, summary and results;
// shard wording only with --shard; help and READMEs agree on every default, and the CLI's defaults
// are @paysign/bulk's and @paysign/gateway's own constants (issue 30 item 1).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BULK_DEFAULTS, BULK_OUTCOMES } from '@paysign/bulk';
import { serve } from '@paysign/emulator/node';
import { DEFAULT_TIMEOUT_MS } from '@paysign/gateway';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign, paysignAsync } from '../../../packages/cli/test/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-words-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const CLI_README = readFileSync(new URL('../../../packages/cli/README.md', import.meta.url), 'utf8');
const BULK_README = readFileSync(new URL('../../../packages/bulk/README.md', import.meta.url), 'utf8');
const HEADER = 'client-orderid;recurring-payment-id;credit-card-number;card-printed-name;expire-year;expire-month;amount';
const row = (n: number, month = 1) => `order-${n};rp-${n};4111111111111111;JOHN DOE;2031;${month};${n}.00`;

/** `--flag ...(default X)` and `--flag P  VARIABLE  default X`, as a map flag -> default. */
function helpDefaults(help: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of help.split('\n')) {
    const option = /^ {2}(--[a-z-]+)\b/.exec(line);
    const value = /\(default:? ([^)]+)\)|\bdefault (\S+)$/.exec(line);
    if (option !== null && value !== null) found.set(option[1] as string, (value[1] ?? value[2]) as string);
  }
  return found;
}

/** The bulk section of the CLI's README: `--flag X` (default Y). */
function readmeDefaults(): Map<string, string> {
  const section = CLI_README.slice(
    CLI_README.indexOf('### `paysign bulk update-recurring-payments`'),
    CLI_README.indexOf('\n### ', CLI_README.indexOf('### `paysign bulk')),
  );
  const found = new Map<string, string>();
  for (const match of section.matchAll(/`(--[a-z-]+)[^`]*` \(default:? ([^)]+)\)/g)) found.set(match[1] as string, match[2] as string);
  return found;
}

describe('bulk: help and READMEs agree on every default, taken from the packages (#31 item 6)', () => {
  const help = paysign(['bulk', '--help']).stdout;

  it("every default --help names is the README's, and the numbers are the packages' constants", () => {
    const fromHelp = helpDefaults(help);
    const fromReadme = readmeDefaults();
    expect([...fromHelp.keys()].sort()).toEqual(['--attempts', '--concurrency', '--path-prefix', '--rate', '--timeout']);
    for (const [flag, value] of fromHelp) expect({ flag, value: fromReadme.get(flag) }).toEqual({ flag, value });
    expect(fromHelp.get('--concurrency')).toBe(String(BULK_DEFAULTS.concurrency));
    expect(fromHelp.get('--attempts')).toBe(String(BULK_DEFAULTS.attempts));
    expect(fromHelp.get('--timeout')).toBe(String(DEFAULT_TIMEOUT_MS));
    // The synopsis shows placeholders, not a value that differs from the default.
    const synopsis = /paysign bulk update-recurring-payments --csv rows\.csv .*/.exec(CLI_README)?.[0] ?? '';
    expect(synopsis).toContain('[--concurrency N]');
    for (const match of synopsis.matchAll(/\[(--[a-z-]+) (\d+)\]/g)) expect(match[2]).toBe(fromHelp.get(match[1] as string));
  });

  it('the counts in the prose agree too: stops after N, shows the first N, retries N times', () => {
    expect(help).toContain(`after ${BULK_DEFAULTS.maxAuthenticationFailures} authentication refusals`);
    expect(help).toContain(`after ${BULK_DEFAULTS.maxUnreachableFailures} requests in a row`);
    const shown = /The first (\d+) refusals and failures/.exec(help)?.[1];
    expect(CLI_README).toContain(`The first ${shown} refused or failed rows`);
    expect(CLI_README).toContain(`after ${BULK_DEFAULTS.maxUnreachableFailures} such requests in a row`);
    expect(BULK_README).toContain(`**Concurrency** default ${BULK_DEFAULTS.concurrency} `);
    expect(BULK_README).toContain(
      `(default ${BULK_DEFAULTS.attempts} attempts, full-jitter backoff from ${BULK_DEFAULTS.baseDelayMs} ms up to ${BULK_DEFAULTS.maxDelayMs / 1000} s)`,
    );
    expect(BULK_README).toContain(`\`maxAuthenticationFailures\` (default ${BULK_DEFAULTS.maxAuthenticationFailures})`);
    expect(BULK_README).toContain(`\`maxUnreachableFailures\` (default ${BULK_DEFAULTS.maxUnreachableFailures})`);
  });
});

describe('bulk: one vocabulary for outcomes, and no shard without --shard (#31 item 6)', () => {
  it('the progress line, the summary, --json and the results file count refused rows as refused, never as failed', async () => {
    const server = await serve({
      merchants: [{ login: 'merchant', controlKey: 'key', endpointIds: ['1'] }],
      // rp-2 is unknown to the gateway: refused, not failed.
      profiles: [{ 'recurring-payment-id': 'rp-1' }, { 'recurring-payment-id': 'rp-3' }],
      log: () => {},
    });
    try {
      const csv = join(dir, 'rows.csv');
      writeFileSync(csv, `${HEADER}\n${row(1)}\n${row(2)}\n${row(3)}\n`);
      const results = join(dir, 'results.csv');
      const env = { PAYSIGN_BASE_URL: server.url, PAYSIGN_ENDPOINT_ID: '1', PAYSIGN_LOGIN: 'merchant', PAYSIGN_CONTROL_KEY: 'key' };
      const run = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--results', results], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^3\/3 done: 2 updated, 1 refused, 0 invalid, 0 failed; in flight 0, /m);
      expect(run.stdout).toMatch(/^3 rows: 2 updated, 1 refused, 0 invalid, 0 failed, 0 not done;/m);
      expect(run.stdout + run.stderr).not.toMatch(/failed [1-9]|[1-9] failed/);
      const outcomes = readFileSync(results, 'utf8')
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(';')[2]);
      expect(outcomes).toEqual(['outcome', 'updated', 'refused', 'updated']);
      for (const outcome of outcomes.slice(1)) expect(BULK_OUTCOMES).toContain(outcome);
      const json = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--json'], env);
      const summary = JSON.parse(json.stdout) as Record<string, unknown>;
      expect(BULK_OUTCOMES.map((outcome) => summary[outcome])).toEqual([2, 1, 0, 0]);
    } finally {
      await server.close();
    }
  });

  it('invalid rows without --shard are counted without the word shard; with it, the shard is named', async () => {
    const csv = join(dir, 'invalid.csv');
    writeFileSync(csv, `${HEADER}\n${row(1)}\n${row(2, 13)}\n`);
    const env = { PAYSIGN_BASE_URL: 'http://127.0.0.1:1', PAYSIGN_ENDPOINT_ID: '1', PAYSIGN_LOGIN: 'merchant', PAYSIGN_CONTROL_KEY: 'key' };
    const plain = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv], env);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('1 invalid row(s) (listed above); nothing was sent.');
    expect(plain.stderr).not.toMatch(/shard/i);
    const sharded = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--shard', '1/2'], env);
    expect(sharded.stderr).toContain('1 invalid row(s) in shard 1/2 (listed above)');
  });
});
