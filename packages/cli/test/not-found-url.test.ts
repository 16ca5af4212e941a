import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, paysignAsync } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-404-'));
const file = join(dir, 'pan-eligibility.json');
writeFileSync(file, JSON.stringify({ clientOrderId: 'o-1', sendingCardRefId: 'r-1' }));
// The real emulator, as a user starts it in another terminal.
const emulator = spawn(process.execPath, [BIN, 'emulator', '--login', 'merchant', '--control-key', 'k', '--endpoint-id', '1'], {
  env: { PATH: process.env.PATH ?? '' },
});
let url = '';
beforeAll(async () => {
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    emulator.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /^listening on (\S+)\n/.exec(out);
      if (match) resolve(match[1] as string);
    });
    emulator.on('exit', (code) => reject(new Error(`emulator exited ${code}`)));
  });
});
afterAll(() => {
  emulator.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

const send = (baseUrl: string) =>
  paysignAsync(['send', 'pan-eligibility', '--file', file, '--base-url', baseUrl, '--endpoint-id', '1', '--login', 'merchant', '--control-key', 'k']);

describe('a 404 says which URL was called (issue #21, item 5)', () => {
  it('--base-url ending in /payment: shows the URL called and says the paths already start with /payment', async () => {
    const result = await send(`${url}/payment`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('HTTP 404');
    expect(result.stderr).toContain(`called: POST ${url}/payment/payment/api/v2/pan-eligibility/send/1`);
    expect(result.stderr).toContain('--base-url already ends in /payment, and the operation paths already start with /payment');
  });

  it('the same request with the base URL alone is accepted', async () => {
    const result = await send(url);
    expect(result.stdout).toContain('async-response: processing');
    expect(result.code).toBe(0);
  });
});
