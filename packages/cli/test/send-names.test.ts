import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign } from './run-cli.js';

// Errors name fields as the user wrote them; send reads both spellings (issue #21, item 8).
const dir = mkdtempSync(join(tmpdir(), 'paysign-send-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}
const camel = { recurringPaymentId: 'rp-1', creditCardNumber: '4111111111111111', cardPrintedName: 'A B', expireYear: 2031, expireMonth: 12, amount: '1.00' };
const wire = {
  'recurring-payment-id': 'rp-1',
  'credit-card-number': '4111111111111111',
  'card-printed-name': 'A B',
  'expire-year': '2031',
  'expire-month': '12',
  amount: '1.00',
};
const send = (path: string) => paysign(['send', 'update-recurring-payments', '--file', path, '--emulator', '--control-key', 'k']);

describe('send names fields as the file spells them', () => {
  it('a camelCase file: the refusal names clientOrderId and expireMonth, not client-orderid and expire-month', () => {
    const result = send(file('camel.json', [{ ...camel, expireMonth: 13 }]));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('payments[0] clientOrderId: is required');
    expect(result.stderr).toContain('payments[0] expireMonth: must be a month 1-12');
    expect(result.stderr).not.toMatch(/client-orderid|expire-month/);
  });

  it('a file with the CSV wire names is read too (before: every field "is not a field"), and its refusal uses wire names', () => {
    const ok = send(file('wire.json', [{ ...wire, 'client-orderid': 'order-1' }]));
    expect(ok.stderr).not.toContain('is not a field');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('status             processing');
    const refused = send(file('wire-bad.json', [{ ...wire, 'expire-month': '13' }]));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('payments[0] client-orderid: is required');
    expect(refused.stderr).toContain('payments[0] expire-month: must be a month 1-12');
  });

  it('a list mixing both: each payment is named as it is written', () => {
    const result = send(file('mixed.json', [camel, wire]));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('payments[0] clientOrderId: is required');
    expect(result.stderr).toContain('payments[1] client-orderid: is required');
  });
});
