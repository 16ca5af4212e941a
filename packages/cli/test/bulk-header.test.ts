// Issue #31 item 1, against the built binary: a column missing from every row is said once, from
// the header; an unknown column once; per-row lines stop after the first few, then a count. The
// exit code stays 1 (invalid rows, nothing sent).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-header-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { PAYSIGN_BASE_URL: 'http://127.0.0.1:9', PAYSIGN_ENDPOINT_ID: '1', PAYSIGN_LOGIN: 'merchant', PAYSIGN_CONTROL_KEY: 'k' };
const PAN = '4111111111111111';

function csvFile(name: string, columns: readonly string[], row: (n: number) => Record<string, string>, count: number): string {
  const path = join(dir, name);
  const lines = Array.from({ length: count }, (_, i) => columns.map((column) => row(i + 1)[column] ?? '').join(';'));
  writeFileSync(path, `${columns.join(';')}\n${lines.join('\n')}\n`);
  return path;
}

const full = (n: number): Record<string, string> => ({
  'client-orderid': `order-${n}`,
  'recurring-payment-id': `rp-${n}`,
  'credit-card-number': PAN,
  'card-printed-name': 'JOHN DOE',
  'expire-year': '2031',
  'expire-month': '12',
  amount: '9.99',
});
const lines = (stderr: string, pattern: RegExp) => stderr.split('\n').filter((line) => pattern.test(line));

describe('paysign bulk: what the header lacks is said once', () => {
  it('300 rows without a credit-card-number column: one header line, no per-row line, exit 1', () => {
    const columns = Object.keys(full(1)).filter((name) => name !== 'credit-card-number');
    const run = paysign(['bulk', 'update-recurring-payments', '--csv', csvFile('no-pan.csv', columns, full, 300)], env);
    expect(run.code).toBe(1);
    expect(lines(run.stderr, /credit-card-number/)).toEqual([
      'invalid header (line 1), column credit-card-number, rule required: is required, and the header has no such column: no row gives it',
    ]);
    expect(lines(run.stderr, /^invalid row/)).toEqual([]);
    expect(run.stderr).toContain('300 invalid row(s)');
    expect(run.stderr.split('\n').length).toBeLessThan(10);
  });

  it('four columns missing and a bad amount on every row: four header lines, then five rows, then the count', () => {
    const gone = new Set(['credit-card-number', 'card-printed-name', 'expire-year', 'expire-month']);
    const columns = Object.keys(full(1)).filter((name) => !gone.has(name));
    const results = join(dir, 'results.csv');
    const run = paysign(
      ['bulk', 'update-recurring-payments', '--csv', csvFile('four.csv', columns, (n) => ({ ...full(n), amount: '9,99' }), 302), '--results', results],
      env,
    );
    expect(run.code).toBe(1);
    expect(lines(run.stderr, /^invalid header \(line 1\)/).map((line) => line.split(',')[1])).toEqual([
      ' column credit-card-number',
      ' column card-printed-name',
      ' column expire-year',
      ' column expire-month',
    ]);
    expect(lines(run.stderr, /^invalid row/)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `invalid row ${n} (line ${n + 1}), column amount, rule decimal: must be a decimal such as 10 or 10.42`),
    );
    expect(run.stderr).toContain(`... and 297 more invalid row(s) (every row is in ${results})`);
    expect(run.stderr.split('\n').length).toBeLessThan(20);
    // The results file still has every row, each with all of its issues.
    const written = readFileSync(results, 'utf8').trimEnd().split('\r\n');
    expect(written).toHaveLength(303);
    expect(written[0]).toBe('row;recurring-payment-id;outcome;serial-number;error-code;error-message');
    expect(written[302]).toMatch(/^302;rp-302;invalid;;required;"row 302, credit-card-number: is required; .*row 302, amount: must be a decimal/);
  });

  it('an unknown column is refused once, from the header, by its position (a name may be card data), without reading the rows (exit 2)', () => {
    const columns = [...Object.keys(full(1)), 'colour'];
    const run = paysign(['bulk', 'update-recurring-payments', '--csv', csvFile('unknown.csv', columns, full, 300)], env);
    expect(run.code).toBe(2);
    expect(lines(run.stderr, /column 8 is not a known column name/)).toHaveLength(1);
    expect(run.stderr.split('\n').length).toBeLessThan(5);
  });
});
