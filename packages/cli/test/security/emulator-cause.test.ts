// Issue #29 item 4: `paysign send` against the emulator prints the cause code of its 403, and
// `paysign explain --request FILE` on the saved request exits 1 naming the same code, never "valid".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paysignAsync } from '../run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-emulator-cause-'));
const TRANSFER = new URL('../../demo/requests/transfer.json', import.meta.url).pathname; // card 4111111111111111, CVV 123
let server: RunningEmulator;

beforeAll(async () => {
  server = await serve({ merchants: [{ login: 'merchant', controlKey: 'the-key', endpointIds: ['1'] }], log: () => {} });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function sendAndExplain(name: string, login: string, key: string, endpoint: string): Promise<{ send: string; explain: string; code: number | null }> {
  const saved = join(dir, `${name}.json`);
  const sent = await paysignAsync([
    'send',
    'transfer',
    '--file',
    TRANSFER,
    '--base-url',
    server.url,
    '--endpoint-id',
    endpoint,
    '--login',
    login,
    '--control-key',
    key,
    '--save-request',
    saved,
  ]);
  expect(sent.code).toBe(1);
  const explained = await paysignAsync(['explain', '--request', saved]);
  return { send: sent.stderr, explain: explained.stdout, code: explained.code };
}

describe("the emulator's cause, in send and in explain --request", () => {
  for (const [name, login, key, endpoint, code] of [
    ['wrong key', 'merchant', 'another-key', '1', 'wrong_key'],
    ['unknown login', 'stranger', 'the-key', '1', 'unknown_consumer'],
    ['endpoint not assigned', 'merchant', 'the-key', '2', 'endpoint_not_assigned'],
  ] as const) {
    it(`${name}: both name ${code}, explain exits 1`, async () => {
      const result = await sendAndExplain(name.replace(/ /g, '-'), login, key, endpoint);
      expect(result.send).toContain(`the emulator's cause: ${code}`);
      expect(result.code).toBe(1);
      expect(result.explain).toContain(`[${code}]`);
      expect(result.explain).not.toContain('valid');
      expect(`${result.send}${result.explain}`).not.toContain('4111111111111111');
    });
  }
});
