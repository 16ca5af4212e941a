import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paysign, paysignAsync } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'paysign-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const demo = (name: string) => new URL(`../demo/requests/${name}`, import.meta.url).pathname;
const PAN = '4111111111111111';

describe('--json on explain, schedule and keygen; send --verbose (issue #21, item 10)', () => {
  it('schedule --json prints { currency, charges: [{ index, date, amount }] }', () => {
    const result = paysign(['schedule', '--file', demo('payment.json'), '--today', '01.01.2026', '--count', '2', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      currency: null,
      charges: [
        { index: 0, date: '31.01.2026', amount: '9.99' },
        { index: 1, date: '28.02.2026', amount: '14.99' },
      ],
    });
  });

  it('keygen --json prints the paths, the fingerprint and the size; the private key is not in it', () => {
    const out = join(dir, 'keys');
    const result = paysign(['keygen', '--out', out, '--bits', '2048', '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(report).sort()).toEqual(['bits', 'fingerprint', 'format', 'privateKeyPath', 'publicKeyPath']);
    expect(report).toMatchObject({ bits: 2048, privateKeyPath: join(out, 'private-key.pem'), publicKeyPath: join(out, 'public-key.pem') });
    expect(report.fingerprint).toMatch(/^([0-9a-f]{2}:){31}[0-9a-f]{2}$/);
    expect(readFileSync(join(out, 'private-key.pem'), 'utf8')).toContain('BEGIN RSA PRIVATE KEY');
    expect(result.stdout).not.toContain('PRIVATE KEY');
  });

  it('explain --json prints the diagnosis: verdict, signatureMethod, base strings, causes', () => {
    const url = 'https://gateway.example/payment/api/v2/pan-eligibility/send/1';
    const sign = paysign(['sign', '--url', url, '--login', 'm', '--control-key', 'k', '--param', 'client-order-id=o-1', '--timestamp', '1767225600', '--json']);
    const signed = JSON.parse(sign.stdout) as { authorization: string; body: string };
    const valid = paysign([
      'explain',
      '--url',
      url,
      '--authorization',
      signed.authorization,
      '--body',
      signed.body,
      '--control-key',
      'k',
      '--now',
      '1767225600',
      '--json',
    ]);
    expect(valid.code).toBe(0);
    const diagnosis = JSON.parse(valid.stdout) as { verdict: string; signatureMethod: string; expectedBaseString: string; causes: unknown[] };
    expect(diagnosis).toMatchObject({ verdict: 'valid', signatureMethod: 'HMAC-SHA1', causes: [] });
    expect(diagnosis.expectedBaseString).toMatch(/^POST&https%3A%2F%2Fgateway\.example%2Fpayment/);
    const wrong = paysign([
      'explain',
      '--url',
      url,
      '--authorization',
      signed.authorization,
      '--body',
      signed.body,
      '--control-key',
      'other',
      '--now',
      '1767225600',
      '--json',
    ]);
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout)).toMatchObject({ verdict: 'mismatch', causes: [{ code: 'wrong_key' }] });
  });

  it('send --verbose shows the method, URL, headers and body sent, card data masked', async () => {
    const result = await paysignAsync(['send', 'transfer', '--file', demo('transfer.json'), '--emulator', '--control-key', 'k', '--verbose']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^> POST http:\/\/127\.0\.0\.1:\d+\/payment\/api\/v\d+\/transfer\/1$/m);
    expect(result.stderr).toMatch(/^> .*credit_card_number=411111\*{6}1111&.*cvv2=\*\*\*/m);
    expect(result.stderr).toMatch(/^> authorization: OAuth oauth_consumer_key="merchant"/m);
    expect(result.stderr).toMatch(/^> content-type: application\/x-www-form-urlencoded/m);
    expect(result.stderr).toMatch(/^< HTTP 200$/m);
    expect(result.stdout + result.stderr).not.toContain(PAN);
  });
});
