// One calendar rule for every package (@paysign/protocol): the CLI's date flags accept every date the
// gateway client accepts, years 0001-0099 included, and the schedule counts their days as such
// (not as 1900-1999, which is how Date.UTC reads a two-digit year).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paysign } from './run-cli.js';

describe('paysign schedule in the first century', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paysign-years-'));
  const file = join(dir, 'payment.json');
  writeFileSync(file, JSON.stringify({ amount: '9.99', period: 'month', interval: 1, startDate: '31.01.0052', currency: 'EUR' }));

  it('takes --today 01.01.0052 and lists the charges in the year 52, leap-day included', () => {
    const result = paysign(['schedule', '--file', file, '--today', '01.01.0052', '--count', '3']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // 52 is a leap year: the end-of-month charge of February falls on the 29th.
    expect(result.stdout).toMatch(/31\.01\.0052[\s\S]*29\.02\.0052[\s\S]*31\.03\.0052/);
    expect(result.stdout).not.toMatch(/19\d\d/);
  });

  it('still refuses a date that does not exist, naming the flag', () => {
    const result = paysign(['schedule', '--file', file, '--today', '29.02.0051']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--today');
  });
});
