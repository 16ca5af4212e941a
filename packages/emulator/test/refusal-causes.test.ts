// The emulator's stderr line for a refused request carries its cause code (issue #29 item 3),
// over real HTTP, with requests signed by the independent signer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineLog } from '@paysign/emulator';
import { serve, type RunningEmulator } from '@paysign/emulator/node';
import { handSign } from './independent-signer.js';

const lines: string[] = [];
let emulator: RunningEmulator;
const params: [string, string][] = [
  ['client-order-id', 'o-1'],
  ['sending-card-ref-id', 'r-1'],
];

beforeAll(async () => {
  emulator = await serve({ merchants: [{ login: 'merchant', controlKey: 'control-key', endpointIds: ['1234'] }], log: lineLog((line) => lines.push(line)) });
});
afterAll(() => emulator.close());

async function post(url: string, signed: ReturnType<typeof handSign>): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: signed.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: signed.body,
  });
  await response.body?.cancel();
  return response.status;
}

describe('the refusal line names its cause', () => {
  it.each([
    ['wrong_key', 'merchant', 'not-the-key', '1234', {}],
    ['unknown_consumer', 'stranger', 'control-key', '1234', {}],
    ['endpoint_not_assigned', 'merchant', 'control-key', '9999', {}],
    ['stale_timestamp', 'merchant', 'control-key', '1234', { timestamp: String(Math.floor(Date.now() / 1000) - 3600) }],
  ] as const)('%s', async (code, login, controlKey, endpoint, overrides) => {
    lines.length = 0;
    const url = `${emulator.url}/payment/api/v2/pan-eligibility/send/${endpoint}`;
    expect(await post(url, handSign(url, login, { method: 'HMAC-SHA1', controlKey }, params, overrides))).toBe(403);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatch(new RegExp(`^403 POST /payment/api/v2/pan-eligibility/send/${endpoint}: ${code}[ :]`));
  });

  it('nonce_reused: the same signed request twice', async () => {
    const url = `${emulator.url}/payment/api/v2/pan-eligibility/send/1234`;
    const signed = handSign(url, 'merchant', { method: 'HMAC-SHA1', controlKey: 'control-key' }, params);
    expect(await post(url, signed)).toBe(200);
    lines.length = 0;
    expect(await post(url, signed)).toBe(403);
    expect(lines.filter((line) => line.startsWith('403'))).toEqual([expect.stringMatching(/: nonce_reused \(replayed_nonce\): /)]);
  });

  it('a wrong host signed (localhost for 127.0.0.1) is url_host', async () => {
    lines.length = 0;
    const url = `${emulator.url}/payment/api/v2/pan-eligibility/send/1234`;
    const signed = handSign(url.replace('127.0.0.1', 'localhost'), 'merchant', { method: 'HMAC-SHA1', controlKey: 'control-key' }, params);
    expect(await post(url, signed)).toBe(403);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatch(/: url_host \(invalid_signature\): /);
  });
});
