// Issue #19, low item: cvv2 was kept in the emulator's memory when a payment came from the admin
// API, the `profiles` option or `--profiles` (the update path already dropped it). It is never kept.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfilesFile, serve, type RunningEmulator } from '@paysign/emulator/node';

const CVV = '9071';
const card = { 'credit-card-number': '4111111111111111', 'expire-month': '12', 'expire-year': '2031', cvv2: CVV };
const merchant = { login: 'merchant', controlKey: 'cvv-control-key', endpointIds: ['1234'] };

let directory: string;
let fromOption: RunningEmulator;
let fromFile: RunningEmulator;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'paysign-cvv-'));
  const file = join(directory, 'profiles.json');
  await writeFile(file, JSON.stringify({ recurringPayments: [{ 'recurring-payment-id': 'rp-file', ...card }] }));
  fromOption = await serve({ merchants: [merchant], profiles: [{ 'recurring-payment-id': 'rp-option', ...card }], log: () => {} });
  // What `paysign emulator --profiles FILE` does.
  fromFile = await serve({ merchants: [merchant], profiles: await loadProfilesFile(file), log: () => {} });
});
afterAll(async () => {
  await fromOption.close();
  await fromFile.close();
  await rm(directory, { recursive: true, force: true });
});

/** Everything the emulator holds of its payments, as text. */
const held = async (server: RunningEmulator) => JSON.stringify(await server.emulator.profiles.list());

describe('cvv2 is never kept (over HTTP)', () => {
  it('a payment created through the admin API', async () => {
    const response = await fetch(`${fromOption.url}/emulator/recurring-payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ 'recurring-payment-id': 'rp-admin', ...card }),
    });
    expect(response.status).toBe(201);
    const view = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(view.fields)).not.toContain('cvv2');
    const stored = await fromOption.emulator.profiles.get('rp-admin');
    expect(stored?.fields).toEqual({
      'recurring-payment-id': 'rp-admin',
      'credit-card-number': '4111111111111111',
      'expire-month': '12',
      'expire-year': '2031',
    });
  });

  it('payments given as the profiles option or loaded from a --profiles file', async () => {
    expect(Object.keys((await fromOption.emulator.profiles.get('rp-option'))?.fields ?? {})).toEqual([
      'recurring-payment-id',
      'credit-card-number',
      'expire-month',
      'expire-year',
    ]);
    expect(Object.keys((await fromFile.emulator.profiles.get('rp-file'))?.fields ?? {})).not.toContain('cvv2');
    for (const server of [fromOption, fromFile]) {
      expect(await held(server)).not.toContain('cvv2');
      expect(await held(server)).not.toContain(CVV);
      const view = await (await fetch(`${server.url}/payment/emulator/recurring-payments/${server === fromFile ? 'rp-file' : 'rp-option'}`)).text();
      expect(view).not.toContain('cvv2');
    }
  });
});
