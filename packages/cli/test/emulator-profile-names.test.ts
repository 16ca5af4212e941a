// `paysign emulator --profiles FILE` reads the payments as `paysign send` files spell them
// (camelCase) or as the CSV does (wire names), and names a missing field as the file spells it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paysign } from './run-cli.js';
import { parseProfiles } from '@paysign/emulator';

const dir = mkdtempSync(join(tmpdir(), 'paysign-profiles-'));
const file = (name: string, profiles: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(profiles));
  return path;
};

describe('emulator profiles in either spelling', () => {
  it('stores camelCase names under their wire names', () => {
    expect(parseProfiles(JSON.stringify([{ recurringPaymentId: 'rp-1', clientOrderId: 'o-1', amount: 1.5, period: 'day' }]))).toEqual([
      { 'recurring-payment-id': 'rp-1', 'client-orderid': 'o-1', amount: '1.5', period: 'day' },
    ]);
  });

  it('names a missing id as the file spells its fields, through the real binary', () => {
    const camel = paysign(['emulator', '--login', 'm', '--control-key', 'k', '--port', '0', '--profiles', file('camel.json', [{ clientOrderId: 'o-1' }])]);
    expect(camel.code).toBe(2);
    expect(camel.stderr).toContain('profile 0: recurringPaymentId is required');
    const wire = paysign(['emulator', '--login', 'm', '--control-key', 'k', '--port', '0', '--profiles', file('wire.json', [{ 'client-orderid': 'o-1' }])]);
    expect(wire.code).toBe(2);
    expect(wire.stderr).toContain('profile 0: recurring-payment-id is required');
  });
});
