import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign, paysignAsync } from './run-cli.js';
import { stubGateway } from './stub-gateway.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-save-request-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TRANSFER = new URL('../demo/requests/transfer.json', import.meta.url).pathname; // card 4111111111111111, CVV 123
const PAN = '4111111111111111';
const SIGNING_KEY = 'key-the-client-used';

/** A transfer signed with SIGNING_KEY, refused by a real HTTP gateway with the spec's empty 403. */
async function refusedTransfer(extra: string[]): Promise<{ stderr: string; code: number | null; body: string }> {
  const gateway = await stubGateway(403);
  try {
    const result = await paysignAsync([
      'send',
      'transfer',
      '--file',
      TRANSFER,
      '--base-url',
      gateway.url,
      '--endpoint-id',
      '1',
      '--login',
      'merchant',
      '--control-key',
      SIGNING_KEY,
      ...extra,
    ]);
    return { stderr: result.stderr, code: result.code, body: gateway.received[0]?.body ?? '' };
  } finally {
    await gateway.close();
  }
}

describe('the 403 loop on a request with card data (issue #21, item 1)', () => {
  it('--save-request writes the exact bytes sent, mode 0600, and explain --request reproduces the signature', async () => {
    const saved = join(dir, 'request.json');
    writeFileSync(saved, 'an older file, world-readable', { mode: 0o644 });
    const sent = await refusedTransfer(['--save-request', saved]);
    expect(sent.code).toBe(1);
    expect(statSync(saved).mode & 0o777).toBe(0o600);
    const request = JSON.parse(readFileSync(saved, 'utf8')) as { method: string; url: string; headers: Record<string, string>; body: string };
    expect(request.body).toBe(sent.body);
    expect(request.body).toContain(`credit_card_number=${PAN}`);
    expect(request.method).toBe('POST');
    expect(sent.stderr).toContain(`paysign explain --request '${saved}'`);
    expect(sent.stderr).not.toContain(PAN);

    // With the key the request was signed with, explain reproduces the signature from the file.
    const same = paysign(['explain', '--request', saved, '--control-key', SIGNING_KEY]);
    expect(same.stdout).toContain('valid: the signature verifies');
    expect(same.stdout + same.stderr).not.toContain(PAN);
    expect(same.code).toBe(0);
    // With the gateway's (another) key, it says so.
    const other = paysign(['explain', '--request', saved, '--control-key', 'the-gateways-key']);
    expect(other.code).toBe(1);
    expect(other.stdout).toContain('[wrong_key]');
  });

  it('the masked explain command --show-request prints says it cannot check masked values, not [wrong_key]', async () => {
    const sent = await refusedTransfer(['--show-request']);
    expect(sent.stderr).toContain('card data masked, so this command cannot reproduce the signature: run again with --save-request FILE');
    const line = sent.stderr.split('\n').find((l) => l.startsWith('paysign explain '));
    const unquote = (flag: string) => (new RegExp(`${flag} '([^']*)'`).exec(line ?? '')?.[1] ?? '').replace(/'\\''/g, "'");
    const explained = paysign([
      'explain',
      '--url',
      unquote('--url'),
      '--authorization',
      unquote('--authorization'),
      '--body',
      unquote('--body'),
      '--control-key',
      SIGNING_KEY,
    ]);
    expect(explained.code).toBe(1);
    expect(explained.stdout).toContain('cannot check: the request holds masked card data');
    expect(explained.stdout).toMatch(/credit_card_number, cvv2, \S+ hold masked values/);
    expect(explained.stdout).toContain('--save-request FILE');
    expect(explained.stdout).not.toContain('[wrong_key]');
  });

  it('a --save-request path that cannot be written is exit 2, and nothing is sent', async () => {
    const gateway = await stubGateway(403);
    try {
      const result = await paysignAsync([
        'send',
        'transfer',
        '--file',
        TRANSFER,
        '--base-url',
        gateway.url,
        '--endpoint-id',
        '1',
        '--login',
        'm',
        '--control-key',
        SIGNING_KEY,
        '--save-request',
        dir,
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`paysign send: --save-request ${dir} is not a regular file`);
      expect(gateway.received).toEqual([]);
    } finally {
      await gateway.close();
    }
  });

  it('explain --request refuses --url, --body or --authorization beside it (exit 2)', () => {
    const result = paysign(['explain', '--request', join(dir, 'request.json'), '--url', 'https://x.example/', '--control-key', 'k']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('paysign explain: --request FILE holds the whole request: leave out --url');
  });
});
