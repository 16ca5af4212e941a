// Issue 31 items 2, 3 and 4, as a new user meets them: the real binary, a real emulator over HTTP.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@paysign/emulator/node';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign, paysignAsync } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-newcomer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sign = (...extra: string[]) => paysign(['sign', '--url', 'https://gateway.example/payment/x', '--login', 'm', '--control-key', 'k', ...extra]);

describe('a refused value is described by its shape, never echoed as a card number (#31 item 2)', () => {
  it('--timestamp in milliseconds says so, instead of "*************"', () => {
    const run = sign('--timestamp', '1795738111000');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'paysign sign: --timestamp must be Unix seconds, a whole number above 0 such as 1767225600: got 13 digits, which looks like Unix milliseconds (divide by 1,000)\nsee paysign sign --help\n',
    );
  });

  it('microseconds and nanoseconds are named too; a card number pasted there shows no digit of it', () => {
    expect(sign('--timestamp', '1795738111000000').stderr).toContain('got 16 digits, which looks like Unix microseconds (divide by 1,000,000)');
    expect(sign('--timestamp', '1795738111000000000').stderr).toContain('got 19 digits, which looks like Unix nanoseconds (divide by 1,000,000,000)');
    const pan = sign('--timestamp', '4111111111111111');
    expect(pan.stderr).toContain('got 16 digits');
    expect(pan.stderr).not.toMatch(/4111|\*{4}/);
  });

  it('a value of another shape is quoted, control characters escaped', () => {
    expect(sign('--timestamp', '2026-01-01').stderr).toContain('got "2026-01-01"');
    expect(sign('--timestamp', 'a\u001b[31mb').stderr).toContain('got "a\\u001b[31mb"');
    expect(sign('--timestamp', '').stderr).toContain('got an empty value');
  });
});

describe('"did you mean" for flags and field names, from the helper commands use (#31 item 3)', () => {
  it('a misspelt flag gets the flag it is near', () => {
    const run = paysign(['send', 'transfer', '--base_url', 'https://x.example']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`paysign send: Unknown option '--base_url' (did you mean "--base-url"?)\nsee paysign send --help\n`);
    expect(paysign(['bulk', 'update-recurring-payments', '--concurency', '3']).stderr).toContain(
      `Unknown option '--concurency' (did you mean "--concurrency"?)`,
    );
    expect(paysign(['keygen', '--frobnicate']).stderr).toBe(`paysign keygen: Unknown option '--frobnicate'\nsee paysign keygen --help\n`);
    // Commands keep theirs.
    expect(paysign(['sgin']).stderr).toContain('unknown command "sgin" (did you mean "sign"?)');
  });

  it('a misspelt field of update-recurring-payments gets both spellings send reads; one of transfer, the one it reads', async () => {
    const update = join(dir, 'update.json');
    writeFileSync(update, JSON.stringify({ clientOrderId: 'o-1', recurringPaymentId: 'rp-1', creditCardNo: '4111111111111111' }));
    const updateRun = await paysignAsync(['send', 'update-recurring-payments', '--file', update, '--emulator', '--control-key', 'k']);
    expect(updateRun.code).toBe(1);
    expect(updateRun.stderr).toContain(
      'creditCardNo: is not a field of update-recurring-payments; it would not be sent (did you mean "creditCardNumber" or "credit-card-number"?)',
    );
    expect(updateRun.stderr).not.toContain('4111111111111111');

    const transfer = join(dir, 'transfer.json');
    writeFileSync(transfer, JSON.stringify({ clientOrderId: 't-1', amount: '1.00', currency: 'EUR', creditCardNo: '4111111111111111', expireMonth: 12 }));
    const transferRun = await paysignAsync(['send', 'transfer', '--file', transfer, '--emulator', '--control-key', 'k']);
    expect(transferRun.code).toBe(1);
    expect(transferRun.stderr).toContain('creditCardNo: is not a field of transfer; it would not be sent (did you mean "creditCardNumber"?)');
    // A name near nothing gets no guess.
    writeFileSync(transfer, JSON.stringify({ clientOrderId: 't-1', colour: 'blue' }));
    const far = await paysignAsync(['send', 'transfer', '--file', transfer, '--emulator', '--control-key', 'k']);
    expect(far.stderr).toMatch(/colour: is not a field of transfer; it would not be sent\n/);
  });
});

describe('paysign keygen --format pkcs1|pkcs8 (#31 item 4)', () => {
  it('pkcs1 is the default (the spec); pkcs8 writes BEGIN PRIVATE KEY; anything else is a usage error', () => {
    const pkcs1 = paysign(['keygen', '--out', join(dir, 'k1'), '--bits', '2048', '--json']);
    expect(pkcs1.code).toBe(0);
    expect(JSON.parse(pkcs1.stdout)).toMatchObject({ bits: 2048, format: 'pkcs1' });
    expect(readFileSync(join(dir, 'k1', 'private-key.pem'), 'utf8')).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    const bad = paysign(['keygen', '--out', join(dir, 'k0'), '--format', 'der']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--format must be pkcs1');
  });

  it('the pkcs8 key is read by node:crypto and signs a request the emulator accepts with the public key written beside it', async () => {
    const out = join(dir, 'k8');
    const run = paysign(['keygen', '--out', out, '--bits', '2048', '--format', 'pkcs8']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(PKCS#8, mode 0600: keep it secret)');
    const pem = readFileSync(join(out, 'private-key.pem'), 'utf8');
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const key = createPrivateKey(pem);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const publicPem = readFileSync(join(out, 'public-key.pem'), 'utf8');
    expect(createPublicKey(key).export({ type: 'spki', format: 'pem' })).toBe(publicPem);

    const server = await serve({ merchants: [{ login: 'merchant', endpointIds: ['1'], publicKeys: [publicPem] }], log: () => {} });
    try {
      const request = new URL('../demo/requests/pan-eligibility.json', import.meta.url).pathname;
      const base = ['send', 'pan-eligibility', '--file', request, '--base-url', server.url, '--endpoint-id', '1', '--login', 'merchant'];
      const sent = await paysignAsync([...base, '--private-key', join(out, 'private-key.pem')]);
      expect(sent.stderr).toBe('');
      expect(sent.code).toBe(0);
      // Another key is refused by the same emulator: the acceptance above is the pkcs8 key's.
      const other = await paysignAsync([...base, '--private-key', join(dir, 'k1', 'private-key.pem')]);
      expect(other.code).toBe(1);
    } finally {
      await server.close();
    }
  });
});
