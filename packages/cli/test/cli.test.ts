import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientSign, rfc3986 } from './hand-sign.js';
import { paysign } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-cli-'));
// The folder holds generated keys: it goes when the suite ends.
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('paysign, the command', () => {
  it('prints the commands with --help and exits 0; without a command it exits 2', () => {
    const help = paysign(['--help']);
    expect(help.code).toBe(0);
    for (const name of ['emulator', 'keygen', 'sign', 'explain', 'send', 'schedule']) expect(help.stdout).toContain(`  ${name}`);
    expect(paysign([]).code).toBe(2);
  });

  it('exits 2 on an unknown command or flag, and names it', () => {
    const unknown = paysign(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    const flag = paysign(['sign', '--colour']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("Unknown option '--colour'");
  });

  it.each(['emulator', 'keygen', 'sign', 'explain', 'send', 'schedule'])('%s --help prints its usage and exits 0', (name) => {
    const result = paysign([name, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`paysign ${name}`);
  });

  it('writes no colour codes when stdout is not a TTY', () => {
    expect(paysign(['--help']).stdout).not.toContain('\u001b[');
  });
});

describe('paysign keygen', () => {
  it('writes a PKCS#1 private key with mode 0600 and an SPKI public key, and refuses to overwrite them', () => {
    const out = join(dir, 'keys');
    const result = paysign(['keygen', '--out', out, '--bits', '2048']);
    expect(result.code).toBe(0);
    const privatePem = readFileSync(join(out, 'private-key.pem'), 'utf8');
    expect(privatePem.startsWith('-----BEGIN RSA PRIVATE KEY-----\n')).toBe(true);
    expect(readFileSync(join(out, 'public-key.pem'), 'utf8').startsWith('-----BEGIN PUBLIC KEY-----\n')).toBe(true);
    expect(statSync(join(out, 'private-key.pem')).mode & 0o777).toBe(0o600);
    expect(result.stdout).not.toContain('PRIVATE KEY-----');
    expect(result.stdout).toMatch(/fingerprint {2}SHA-256 ([0-9a-f]{2}:){31}[0-9a-f]{2}/);
    const again = paysign(['keygen', '--out', out, '--bits', '2048']);
    expect(again.code).toBe(2);
    expect(readFileSync(join(out, 'private-key.pem'), 'utf8')).toBe(privatePem);
  });

  it('refuses key sizes the gateway does not take', () => {
    expect(paysign(['keygen', '--out', join(dir, 'small'), '--bits', '1024']).code).toBe(2);
  });
});

describe('paysign sign', () => {
  const url = 'https://gate.example/payment/api/v2/pan-eligibility/send/1234';

  it('prints the base string, header and body of an HMAC-SHA1 request; the signature checks out independently', () => {
    const result = paysign([
      'sign',
      '--url',
      url,
      '--login',
      'merchant',
      '--control-key',
      'secret',
      '--param',
      'client-order-id=o 1',
      '--param',
      'sending-card-ref-id=r!',
      '--nonce',
      'abc',
      '--timestamp',
      '1700000000',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const signed = JSON.parse(result.stdout) as { baseString: string; signature: string; body: string };
    const params = [
      ['client-order-id', 'o 1'],
      ['sending-card-ref-id', 'r!'],
      ['oauth_consumer_key', 'merchant'],
      ['oauth_nonce', 'abc'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1700000000'],
      ['oauth_version', '1.0'],
    ];
    const expectedBase = `POST&${rfc3986(url)}&${rfc3986(
      params
        .map(([n, v]) => `${rfc3986(n!)}=${rfc3986(v!)}`)
        .sort()
        .join('&'),
    )}`;
    expect(signed.baseString).toBe(expectedBase);
    expect(signed.signature).toBe(createHmac('sha1', 'secret&').update(expectedBase).digest('base64'));
    expect(signed.body).toContain('client-order-id=o%201&sending-card-ref-id=r%21&oauth_consumer_key=merchant');
  });

  it('masks card numbers and CVVs in everything it prints', () => {
    const result = paysign([
      'sign',
      '--url',
      url,
      '--login',
      'm',
      '--control-key',
      'k',
      '--param',
      'credit_card_number=4111111111111111',
      '--param',
      'cvv2=123',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('4111111111111111');
    expect(result.stdout).toContain('411111******1111');
    expect(result.stdout).not.toMatch(/cvv2(=|%3D|%253D)123/);
  });

  it('exits 2 when both or neither of --control-key and --private-key are given', () => {
    expect(paysign(['sign', '--url', url, '--login', 'm']).code).toBe(2);
    expect(paysign(['sign', '--url', url, '--login', 'm', '--control-key', 'k', '--private-key', 'x.pem']).code).toBe(2);
  });
});

describe('paysign explain', () => {
  const url = 'https://gate.example/payment/api/v4/transfer/1234';
  const key = { controlKey: 'secret' };
  const sent: [string, string][] = [
    ['client_orderid', 'order 7'],
    ['order_desc', "Tom's (gift)*"],
    ['amount', '10.00'],
  ];
  const explain = (request: { authorization: string; body: string }, extra: string[] = [], target = url) =>
    paysign(['explain', '--url', target, '--authorization', request.authorization, '--body', request.body, ...extra], { PAYSIGN_CONTROL_KEY: 'secret' });

  it('says valid and exits 0 for a correct request', () => {
    const result = explain(clientSign({ url, sent, key }));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('valid: the signature verifies');
  });

  it.each([
    ['+ for a space', { encode: (v: string) => rfc3986(v).replace(/%20/g, '+') }, 'plus_for_space'],
    ["unescaped !*'()", { encode: encodeURIComponent }, 'unescaped_reserved'],
    ['a parameter added after signing', { signed: sent.slice(0, 2) }, 'parameter_missing'],
    ['a parameter signed twice', { signed: [...sent, ['amount', '10.00']] as [string, string][] }, 'parameter_duplicated'],
    ['the default port in the signed URL', { signedUri: 'https://gate.example:443/payment/api/v4/transfer/1234' }, 'url_port'],
    ['the host in upper case', { signedUri: 'https://GATE.EXAMPLE/payment/api/v4/transfer/1234' }, 'url_host'],
    ['a trailing slash', { signedUri: 'https://gate.example/payment/api/v4/transfer/1234/' }, 'url_path'],
    ['http instead of https', { signedUri: 'http://gate.example/payment/api/v4/transfer/1234' }, 'url_scheme'],
    ['a wrong key', { key: { controlKey: 'other' } }, 'wrong_key'],
  ])('diagnoses %s, shows both base strings and exits 1', (_title, mistake, code) => {
    const result = explain(clientSign({ url, sent, key, ...mistake }));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Expected base string');
    expect(result.stdout).toContain(`[${code}]`);
    if (code !== 'wrong_key') {
      expect(result.stdout).toContain('Base string the header implies (what was signed)');
      expect(result.stdout).toContain('Difference');
    }
  });

  it('diagnoses a stale timestamp even when the signature is right', () => {
    const result = explain(clientSign({ url, sent, key, timestamp: '1700000000' }));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('[stale_timestamp]');
  });

  it('diagnoses a timestamp in milliseconds', () => {
    const result = explain(clientSign({ url, sent, key, timestamp: String(Date.now()) }));
    expect(result.stdout).toContain('[timestamp_in_milliseconds]');
  });

  it('checks RSA-SHA256 with a public key file and names a key of another size', () => {
    const signer = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = generateKeyPairSync('rsa', { modulusLength: 3072 });
    const privateKeyPem = signer.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    const right = join(dir, 'right.pem');
    const wrong = join(dir, 'wrong.pem');
    writeFileSync(right, signer.publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(wrong, other.publicKey.export({ type: 'spki', format: 'pem' }));
    const request = clientSign({ url, sent, key: { privateKeyPem }, signed: sent.slice(1) });
    const missing = explain(request, ['--public-key', right]);
    expect(missing.stdout).toContain('[parameter_missing]');
    expect(missing.stdout).not.toContain('[parameter_duplicated]');
    const wrongKey = explain(request, ['--public-key', wrong]);
    expect(wrongKey.stdout).toContain('the signature is 2048 bits long but the public key has 3072');
  });

  it('exits 2 when the key does not fit the signature method', () => {
    const request = clientSign({ url, sent, key });
    const result = paysign(['explain', '--url', url, '--authorization', request.authorization, '--body', request.body]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('give the control key');
  });

  it('never prints the control key', () => {
    const result = explain(clientSign({ url, sent, key: { controlKey: 'other' } }));
    expect(result.stdout + result.stderr).not.toContain('secret');
  });
});
