import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, type CliResult, paysign, paysignAsync } from './run-cli.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const KEY = 'send-s3cret';
const PAN = '4111111111111111';
const dir = mkdtempSync(join(tmpdir(), 'paysign-send-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Library names a CLI user cannot act on. */
const LIBRARY_APIS = /redactedBaseString|createSigner|error\.|@paysign\/oauth-core/;

/** Runs a command line (sh syntax) from the repository root, `paysign` being the built CLI. */
function sh(line: string, env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-c', line.replace(/^paysign /, `"${process.execPath}" "${BIN}" `)],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A gateway that refuses every request with the spec's empty 403. */
async function refusingGateway(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(403).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('paysign send on a 403 (issue #12, item 6)', () => {
  const file = join(dir, 'pan-eligibility.json');
  writeFileSync(file, JSON.stringify({ clientOrderId: 'o-1', sendingCardRefId: 'r-1' }));
  const flags = (baseUrl: string) => [
    'send',
    'pan-eligibility',
    '--file',
    file,
    '--base-url',
    baseUrl,
    '--endpoint-id',
    '1',
    '--login',
    'merchant',
    '--control-key',
    KEY,
  ];

  it('speaks of flags and commands, not library APIs, and points to --show-request', async () => {
    const gateway = await refusingGateway();
    try {
      const result = await paysignAsync(flags(gateway.url));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('HTTP 403');
      expect(result.stderr).toContain('--show-request');
      expect(result.stderr).not.toMatch(LIBRARY_APIS);
      expect(result.stderr + result.stdout).not.toContain(KEY);
    } finally {
      await gateway.close();
    }
  });

  it('--show-request prints the request it sent as a paysign explain command that explain verifies', async () => {
    const gateway = await refusingGateway();
    try {
      const result = await paysignAsync([...flags(gateway.url), '--show-request']);
      expect(result.code).toBe(1);
      expect(result.stderr).not.toMatch(LIBRARY_APIS);
      expect(result.stderr).not.toContain(KEY);
      const command = result.stderr.split('\n').find((line) => line.startsWith('paysign explain '));
      expect(command).toBeDefined();
      expect(command).toContain(`--url '${gateway.url}/payment/api/v2/pan-eligibility/send/1'`);
      // The signature is right for the key it was signed with: explain says so.
      const explained = await sh(`${command as string} --control-key '${KEY}'`);
      expect(explained.stdout).toContain('valid: the signature verifies');
      expect(explained.code).toBe(0);
    } finally {
      await gateway.close();
    }
  });

  it('--show-request masks card data in what it prints', async () => {
    const transfer = join(ROOT, 'packages/cli/demo/requests/transfer.json'); // card 4111111111111111, CVV 123, destination 5555555555554444
    const gateway = await refusingGateway();
    try {
      const result = await paysignAsync([...flags(gateway.url).slice(0, 1), 'transfer', '--file', transfer, ...flags(gateway.url).slice(4), '--show-request']);
      expect(result.stderr).toContain('paysign explain --url');
      expect(result.stderr).toContain('411111******1111');
      expect(result.stdout + result.stderr).not.toContain(PAN);
      expect(result.stdout + result.stderr).not.toContain('5555555555554444');
      expect(result.stdout + result.stderr).not.toMatch(/cvv2=123\b/);
      expect(result.code).toBe(1);
    } finally {
      await gateway.close();
    }
  });

  it('send refund is sent as a command the CLI does not wrap: the emulator, which does not play it, answers 404 and it exits 1 naming the command', () => {
    const result = paysign(['send', 'refund', '--file', file, '--emulator', '--control-key', KEY]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('called: POST http://127.0.0.1:');
    expect(result.stderr).toContain('/payment/api/v4/refund/1');
    expect(result.stderr).toContain('no command refund at this version');
  });
});

describe('the README send examples, from the repository root', () => {
  it('send --emulator with the demo request works as written', async () => {
    const result = await sh(
      'paysign send update-recurring-payments --file packages/cli/demo/requests/update-recurring-payments.json --emulator --control-key k --currency EUR',
    );
    expect(result.stdout).toContain('update-recurring-payment-response: processing');
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(PAN);
  });

  it('a standalone emulator with --profiles packages/cli/demo/profiles.json accepts the demo update', async () => {
    const emulator = spawn(
      process.execPath,
      [
        BIN,
        'emulator',
        '--login',
        'merchant',
        '--control-key',
        'k',
        '--endpoint-id',
        '1',
        '--currency',
        'EUR',
        '--profiles',
        'packages/cli/demo/profiles.json',
      ],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        emulator.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const match = /^listening on (\S+)\n/.exec(out);
          if (match) resolve(match[1] as string);
        });
        emulator.on('exit', (code) => reject(new Error(`emulator exited ${code}`)));
      });
      const result = await sh(
        `paysign send update-recurring-payments --file packages/cli/demo/requests/update-recurring-payments.json --base-url ${url} --endpoint-id 1 --login merchant --control-key k --currency EUR`,
      );
      expect(result.stdout).toContain('update-recurring-payment-response: processing');
      expect(result.code).toBe(0);
    } finally {
      emulator.kill('SIGTERM');
    }
  });
});
