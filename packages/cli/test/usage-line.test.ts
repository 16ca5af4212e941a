import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign, paysignAsync } from './run-cli.js';
import { stubGateway } from './stub-gateway.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-usage-line-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PAYMENT = readFileSync(new URL('../demo/requests/payment.json', import.meta.url), 'utf8');

describe('usage errors and exit codes (issue #21, item 9)', () => {
  it('keygen --out naming a file exits 2 with the fix, before generating (was: "unexpected Error EEXIST", exit 1)', () => {
    const keys = join(dir, 'keys');
    mkdirSync(keys);
    writeFileSync(join(keys, 'private-key.pem'), 'not a key');
    const result = paysign(['keygen', '--out', join(keys, 'private-key.pem')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`paysign keygen: --out ${join(keys, 'private-key.pem')} is a file: --out names the directory`);
    expect(result.stderr).not.toContain('unexpected');
    expect(readFileSync(join(keys, 'private-key.pem'), 'utf8')).toBe('not a key');
    expect(result.stdout).toBe('');
  });

  it('a usage error is one line with the fix and "see paysign X --help", not the whole help', () => {
    const result = paysign(['sign', '--url', 'https://gateway.example/x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('paysign sign: --login is required\nsee paysign sign --help\n');
  });

  it('every error starts with "paysign <command>:", refusals by the gateway included', async () => {
    const gateway = await stubGateway(400);
    try {
      const file = join(dir, 'pan.json');
      writeFileSync(file, JSON.stringify({ clientOrderId: 'o-1', sendingCardRefId: 'r-1' }));
      const args = ['send', 'pan-eligibility', '--file', file, '--base-url', gateway.url, '--endpoint-id', '1', '--login', 'm', '--control-key', 'k'];
      const refused = await paysignAsync(args);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^paysign send: the gateway answered HTTP 400 \[HTTP_ERROR\]\n/);
    } finally {
      await gateway.close();
    }
  });

  it('"paysign help sign" prints the help of sign', () => {
    const result = paysign(['help', 'sign']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^paysign sign --url URL/);
    expect(result.stdout).not.toContain('Commands:');
  });

  it('-V prints the version', () => {
    const result = paysign(['-V']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^paysign \d+\.\d+\.\d+/);
  });

  it('a mistyped command offers the near one', () => {
    const result = paysign(['signn']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('paysign: unknown command "signn" (did you mean "sign"?)\nsee paysign --help\n');
  });

  it('--file - reads standard input', () => {
    const result = paysign(['schedule', '--file', '-', '--today', '01.01.2026', '--count', '2'], {}, PAYMENT);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('31.01.2026  9.99');
  });

  it('a missing --file is exit 2 naming the flag', () => {
    const result = paysign(['schedule', '--file', join(dir, 'nope.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`paysign schedule: --file ${join(dir, 'nope.json')}: cannot read the file (ENOENT)`);
    expect(existsSync(join(dir, 'nope.json'))).toBe(false);
  });
});
