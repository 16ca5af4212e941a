import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@paysign/emulator/node';
import { afterAll, describe, expect, it } from 'vitest';
import { paysignAsync } from './run-cli.js';

// The messages bulk prints come from the CLI's shared helpers (cli/known-errors.ts); the rest of
// bulk is tested in bulk-command.test.ts.
const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-messages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const COLUMNS = 'client-orderid;recurring-payment-id;credit-card-number;card-printed-name;expire-year;expire-month;amount';
const csv = join(dir, 'rows.csv');
writeFileSync(csv, `${COLUMNS}\n${[1, 2, 3, 4].map((n) => `order-${n};rp-${n};4111111111111111;JOHN DOE;2031;${n};${n}.00`).join('\n')}\n`);
const env = (url: string, key: string) => ({ PAYSIGN_BASE_URL: url, PAYSIGN_ENDPOINT_ID: '1', PAYSIGN_LOGIN: 'merchant', PAYSIGN_CONTROL_KEY: key });

describe('bulk speaks of flags and commands (issue #21, items 4 and 9)', () => {
  it('a wrong key: the advice names flags and commands, not the library (error.redactedBaseString, createSigner)', async () => {
    const emulator = await serve({
      merchants: [{ login: 'merchant', controlKey: 'the-right-key', endpointIds: ['1'] }],
      profiles: [1, 2, 3, 4].map((n) => ({ 'recurring-payment-id': `rp-${n}` })),
      log: () => {},
    });
    try {
      const result = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', csv, '--concurrency', '1'], env(emulator.url, 'a-wrong-key'));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('stopped after repeated authentication refusals');
      expect(result.stderr).toContain('Check --login, the key (--control-key');
      expect(result.stderr).toContain('--save-request FILE');
      expect(result.stderr).not.toMatch(/redactedBaseString|createSigner|error\.|@paysign\//);
    } finally {
      await emulator.close();
    }
  });

  it('a missing --csv file is a usage error (exit 2) naming the flag, as in sign and send', async () => {
    const result = await paysignAsync(['bulk', 'update-recurring-payments', '--csv', join(dir, 'nope.csv')], env('http://127.0.0.1:9', 'k'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`paysign bulk: --csv ${join(dir, 'nope.csv')}: cannot read the file (ENOENT)`);
  });
});
