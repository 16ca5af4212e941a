import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign } from './run-cli.js';

// paysign schedule reads send's file, shows the currency and says why it lists fewer charges than --count (issue #21, item 11).
const dir = mkdtempSync(join(tmpdir(), 'paysign-schedule-why-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const demo = (name: string) => new URL(`../demo/requests/${name}`, import.meta.url).pathname;
function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

describe('paysign schedule says what it shows', () => {
  it("reads the file send reads (a list of payments): each payment's charges, with its currency", () => {
    const result = paysign(['schedule', '--file', demo('update-recurring-payments.json'), '--today', '01.01.2026', '--count', '3']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('payment 1 of 2 (rp-1001)');
    expect(result.stdout).toContain('  0  31.01.2026  9.99 EUR');
    expect(result.stdout).toContain('payment 2 of 2 (rp-1002)');
    expect(result.stdout).toContain('  1  19.01.2026  25.00 EUR');
    const json = paysign(['schedule', '--file', demo('update-recurring-payments.json'), '--today', '01.01.2026', '--count', '1', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([
      { currency: 'EUR', charges: [{ index: 0, date: '31.01.2026', amount: '9.99' }] },
      { currency: 'EUR', charges: [{ index: 0, date: '05.01.2026', amount: '25.00' }] },
    ]);
  });

  it('{"payments": [...]} is read too', () => {
    const path = file('wrapped.json', { payments: [{ amount: '5.00', period: 'day', interval: 1, startDate: '02.01.2026', currency: 'USD' }] });
    const result = paysign(['schedule', '--file', path, '--today', '01.01.2026', '--count', '1']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  0  02.01.2026  5.00 USD');
  });

  // max-repeats-number is the last charge's index (the spec, line 52: "Maximum repeat index; the
  // first charge has index 0"): N lists N + 1 charges, indexes 0 to N.
  it('fewer charges than --count: says max-repeats-number ends them, spelled as the file spells it', () => {
    const camel = paysign(['schedule', '--file', demo('payment.json'), '--today', '01.01.2026', '--count', '12']);
    expect(camel.stdout).toContain("6 of --count 12 charges listed: maxRepeatsNumber 5 is reached (the last charge's index: indexes run from 0 to 5)");
    expect(camel.stdout).toContain('  5  30.06.2026  19.99');
    const wire = file('wire.json', { amount: '10.00', period: 'week', interval: '1', 'start-date': '05.01.2026', 'max-repeats-number': '2' });
    const result = paysign(['schedule', '--file', wire, '--today', '01.01.2026', '--count', '4']);
    expect(result.stdout).toContain("3 of --count 4 charges listed: max-repeats-number 2 is reached (the last charge's index: indexes run from 0 to 2)");
    expect(result.stdout).toContain('  2  19.01.2026  10.00');
  });

  it('max-repeats-number 0 lists exactly one charge, index 0, and says max-repeats-number ends them', () => {
    const path = file('zero.json', { amount: '10.00', period: 'day', interval: '1', 'start-date': '05.01.2026', 'max-repeats-number': '0' });
    const result = paysign(['schedule', '--file', path, '--today', '01.01.2026', '--count', '3', '--json']);
    expect(JSON.parse(result.stdout)).toEqual({ currency: null, charges: [{ index: 0, date: '05.01.2026', amount: '10.00' }] });
    expect(paysign(['schedule', '--file', path, '--today', '01.01.2026', '--count', '3']).stdout).toContain(
      "1 of --count 3 charges listed: max-repeats-number 0 is reached (the last charge's index: indexes run from 0 to 0)",
    );
  });

  it("the README's example prints what the README shows", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const block = /```sh\nnpx paysign schedule (--file \S+ --today \S+ --count \d+)\n((?:#.*\n)+)```/.exec(readme);
    expect(block).not.toBeNull();
    const [, flags, shown] = block as unknown as [string, string, string];
    const args = flags
      .split(' ')
      .map((arg) => (arg.startsWith('packages/cli/') ? fileURLToPath(new URL(`../${arg.slice('packages/cli/'.length)}`, import.meta.url)) : arg));
    const result = paysign(['schedule', ...args]);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toEqual(
      shown
        .trimEnd()
        .split('\n')
        .map((line) => line.replace(/^# /, '')),
    );
  });

  it('fewer charges than --count: says finish-date ends them; a file without currency says so', () => {
    const path = file('finish.json', { amount: '10.00', period: 'week', interval: 1, startDate: '05.01.2026', finishDate: '20.01.2026' });
    const result = paysign(['schedule', '--file', path, '--today', '01.01.2026', '--count', '4']);
    expect(result.stdout).toContain('3 of --count 4 charges listed: the next charge would fall after finishDate 20.01.2026');
    expect(result.stdout).toContain('currency: not in the file');
  });
});
