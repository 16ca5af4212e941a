import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign } from './run-cli.js';

const requests = (name: string) => fileURLToPath(new URL(`../demo/requests/${name}.json`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'paysign-send-'));
// The folder holds generated keys: it goes when the suite ends.
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};

describe('paysign send', () => {
  it.each([
    ['update-recurring-payments', 'update-recurring-payment-response: processing'],
    ['pan-eligibility', 'async-response: processing'],
    ['transfer', 'async-response: processing'],
  ])('sends %s to an in-process emulator and prints the reply', (operation, expected) => {
    const result = paysign(['send', operation, '--file', requests(operation), '--emulator', '--currency', 'EUR'], { PAYSIGN_CONTROL_KEY: 'k' });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(expected);
    expect(result.stdout).toMatch(/serial-number +[0-9a-f-]{36}/);
    expect(result.stdout + result.stderr).not.toMatch(/4111111111111111|5555555555554444/);
  });

  it('refuses an invalid request before sending: exit 1, each issue named, the card masked', () => {
    const bad = file('bad-transfer.json', {
      clientOrderId: 'x',
      amount: '1,5',
      currency: 'EUR',
      creditCardNumber: '4111111111111112',
      expireMonth: 13,
      expireYear: 2030,
      destinationCardNo: '5555555555554444',
    });
    const result = paysign(['send', 'transfer', '--file', bad, '--emulator'], { PAYSIGN_CONTROL_KEY: 'k' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('refused by validation');
    expect(result.stderr).toContain('amount');
    expect(result.stderr).toContain('expire_month');
    expect(result.stderr).toContain('credit_card_number');
    expect(result.stderr).not.toContain('4111111111111112');
    expect(result.stderr).not.toContain('emulator: 200'); // nothing reached the emulator
  });

  it('exits 2 naming the missing settings and their environment variables', () => {
    const result = paysign(['send', 'transfer', '--file', requests('transfer')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--base-url (or PAYSIGN_BASE_URL)');
    expect(result.stderr).toContain('--login (or PAYSIGN_LOGIN)');
  });

  it('exits 2 for a command it does not wrap whose --file is not an object of text values (a transfer request holds objects)', () => {
    const result = paysign(['send', 'refund', '--file', requests('transfer'), '--emulator'], { PAYSIGN_CONTROL_KEY: 'k' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--file: \S+ must be text/);
  });

  it('exits 1 when the gateway answers 403, and says how to debug it', async () => {
    // A gateway that refuses everything: the emulator knows another control key.
    const { serve } = await import('@paysign/emulator/node');
    const server = await serve({ merchants: [{ login: 'merchant', controlKey: 'the-real-key', endpointIds: ['1'] }], log: () => {} });
    try {
      const { paysignAsync } = await import('./run-cli.js');
      const result = await paysignAsync(['send', 'pan-eligibility', '--file', requests('pan-eligibility')], {
        PAYSIGN_BASE_URL: server.url,
        PAYSIGN_LOGIN: 'merchant',
        PAYSIGN_ENDPOINT_ID: '1',
        PAYSIGN_CONTROL_KEY: 'a-wrong-key',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('paysign explain');
      expect(result.stderr).not.toContain('a-wrong-key');
    } finally {
      await server.close();
    }
  });
});

describe('paysign schedule', () => {
  it('prints the charges as a table', () => {
    const result = paysign(['schedule', '--file', requests('payment'), '--today', '01.01.2026', '--count', '3']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(1, 4)).toEqual(['  0  31.01.2026  9.99', '  1  28.02.2026  14.99', '  2  31.03.2026  19.99']);
  });

  it('reads wire names too', () => {
    const wire = file('wire.json', { amount: '10.00', period: 'week', interval: '2', 'start-date': '05.01.2026' });
    const result = paysign(['schedule', '--file', wire, '--today', '01.01.2026', '--count', '2']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  0  05.01.2026  10.00');
    expect(result.stdout).toContain('  1  19.01.2026  10.00');
  });

  it('exits 1 for a payment that breaks the rules, 2 for a missing file', () => {
    const bad = file('bad.json', { amount: '10.00', amountSequence: ['1.00'], period: 'fortnight', interval: 1 });
    const result = paysign(['schedule', '--file', bad]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('period');
    expect(paysign(['schedule', '--file', join(dir, 'nope.json')]).code).toBe(2);
  });
});
