import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { paysign, paysignAsync } from './run-cli.js';

const KEY = 'sign-s3cret';
const PAN = '4111111111111111';
const CVV = '123';

/** sign flags for one request to `url`, with fixed nonce and timestamp so that two runs print the same request. */
function signArgs(url: string, ...extra: string[]): string[] {
  const now = String(Math.floor(Date.now() / 1000));
  return [
    'sign',
    '--url',
    url,
    '--login',
    'merchant',
    '--nonce',
    'n0nce',
    '--timestamp',
    now,
    '--param',
    `credit-card-number=${PAN}`,
    '--param',
    `cvv2=${CVV}`,
    '--param',
    "note=it's paid",
    ...extra,
  ];
}

describe('paysign sign --unmasked (issue #12, item 5)', () => {
  it('masks by default: --json shows no card number, and its body does not re-verify', () => {
    const url = 'https://gateway.example.com/payment/api/v2/transfer/1';
    const masked = paysign(signArgs(url, '--json'), { PAYSIGN_CONTROL_KEY: KEY });
    expect(masked.code).toBe(0);
    expect(masked.stdout).not.toContain(PAN);
    expect(masked.stdout).not.toContain(`cvv2=${CVV}`);
    expect(masked.stderr).toBe('');
    const signed = JSON.parse(masked.stdout) as { authorization: string; body: string };
    expect(paysign(['explain', '--url', url, '--authorization', signed.authorization, '--body', signed.body], { PAYSIGN_CONTROL_KEY: KEY }).code).toBe(1);
  });

  it('--unmasked --json prints the real body, warns on stderr, and the request re-verifies with explain', () => {
    const url = 'https://gateway.example.com/payment/api/v2/transfer/1';
    const result = paysign(signArgs(url, '--json', '--unmasked'), { PAYSIGN_CONTROL_KEY: KEY });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: --unmasked prints card data');
    expect(result.stderr).not.toContain(PAN);
    const signed = JSON.parse(result.stdout) as { authorization: string; body: string; baseString: string };
    expect(signed.body).toContain(`credit-card-number=${PAN}`);
    expect(signed.baseString).toContain(PAN);
    const explained = paysign(['explain', '--url', url, '--authorization', signed.authorization, '--body', signed.body], { PAYSIGN_CONTROL_KEY: KEY });
    expect(explained.stdout).toContain('valid: the signature verifies');
    expect(explained.code).toBe(0);
  });

  it('--unmasked prints a curl command that sends exactly the signed request', async () => {
    const received: { authorization?: string; body?: string; method?: string; type?: string } = {};
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        Object.assign(received, { authorization: req.headers.authorization, body, method: req.method, type: req.headers['content-type'] });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payment/api/v2/transfer/1`;
    try {
      const result = await paysignAsync(signArgs(url, '--unmasked'), { PAYSIGN_CONTROL_KEY: KEY });
      expect(result.code).toBe(0);
      const curl = result.stdout.split('\n').find((line) => line.trimStart().startsWith('curl '));
      expect(curl).toBeDefined();
      await new Promise<void>((resolve, reject) => execFile('sh', ['-c', `${curl as string} -s -o /dev/null`], (error) => (error ? reject(error) : resolve())));
      expect(received.method).toBe('POST');
      expect(received.type).toBe('application/x-www-form-urlencoded');
      expect(received.body).toContain(`credit-card-number=${PAN}`);
      const explained = await paysignAsync(['explain', '--url', url, '--authorization', received.authorization ?? '', '--body', received.body ?? ''], {
        PAYSIGN_CONTROL_KEY: KEY,
      });
      expect(explained.stdout).toContain('valid: the signature verifies');
      expect(explained.code).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('--help says what --unmasked prints and that the curl command holds the request', () => {
    const help = paysign(['sign', '--help']);
    expect(help.stdout).toContain('--unmasked');
    expect(help.stdout).toContain('curl command (contains the secret-bearing request)');
  });

  it('--help says the HMAC default sends the OAuth parameters twice, against RFC 5849 (issue #12, item 7)', () => {
    const help = paysign(['sign', '--help']).stdout;
    expect(help).toContain('header AND in the body');
    expect(help).toContain('"one and only one"');
    expect(help).toContain('--header-only');
    const headerOnly = paysign(['sign', '--url', 'https://gateway.example.com/x', '--login', 'm', '--control-key', KEY, '--header-only', '--json']);
    expect((JSON.parse(headerOnly.stdout) as { body: string }).body).not.toContain('oauth_');
  });
});
