import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign, paysignAsync } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'control-key-s3cret';
const PAN = '4111111111111111';

/** No library option or function name, no "unexpected", no secret and no card number: a usage error in the CLI's words. */
function expectUsageError(result: { code: number | null; stdout: string; stderr: string }, ...fragments: string[]) {
  expect(result.code).toBe(2);
  for (const fragment of fragments) expect(result.stderr).toContain(fragment);
  const all = result.stdout + result.stderr;
  expect(all).not.toContain('unexpected');
  expect(all).not.toMatch(/options\.|\(\)|baseUrl|GatewayValidationError|INVALID_OPTIONS/);
  expect(all).not.toContain(SECRET);
  expect(all).not.toContain(PAN);
}

describe('usage errors speak of flags and exit 2 (issue #12, item 3)', () => {
  it('a port in use: says the port is taken and how to choose another', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await paysignAsync(['emulator', '--login', 'm', '--control-key', SECRET, '--port', String(port)]);
      expectUsageError(result, `port ${port}`, 'is taken', '--port');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('an http: --base-url that is not loopback names --base-url', () => {
    const file = join(dir, 'pan-eligibility.json');
    writeFileSync(file, JSON.stringify({ clientOrderId: 'o-1', sendingCardRefId: 'r-1' }));
    const result = paysign([
      'send',
      'pan-eligibility',
      '--file',
      file,
      '--base-url',
      'http://gateway.example.com',
      '--endpoint-id',
      '1',
      '--login',
      'm',
      '--control-key',
      SECRET,
    ]);
    expectUsageError(result, '--base-url', 'https:');
  });

  it('schedule --today in another form names --today', () => {
    const file = join(dir, 'payment.json');
    writeFileSync(file, JSON.stringify({ amount: '10.00', period: 'day', interval: 1, startDate: '01.01.2026', creditCardNumber: PAN }));
    const result = paysign(['schedule', '--file', file, '--today', '2026-01-01']);
    expectUsageError(result, '--today', 'DD.MM.YYYY');
  });

  it('emulator --today in another form names --today', async () => {
    const result = await paysignAsync(['emulator', '--login', 'm', '--control-key', SECRET, '--clock', 'virtual', '--today', '2026-01-01']);
    expectUsageError(result, '--today', 'DD.MM.YYYY');
  });

  it('sign --timestamp abc names --timestamp, not an internal function; --nonce "" names --nonce', () => {
    const timestamp = paysign(['sign', '--url', 'https://gateway.example.com/x', '--login', 'm', '--control-key', SECRET, '--timestamp', 'abc']);
    expectUsageError(timestamp, '--timestamp must be Unix seconds');
    const nonce = paysign(['sign', '--url', 'https://gateway.example.com/x', '--login', 'm', '--control-key', SECRET, '--nonce', '']);
    expectUsageError(nonce, '--nonce must not be empty');
  });
});
