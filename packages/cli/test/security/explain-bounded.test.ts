// Issue #27 low and #29 item 4: what the request's fields hold reaches the terminal escaped; the
// diagnoses a stock explain got wrong (raw-sorted names, OAuth in the body only).
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paysign } from '../run-cli.js';

const enc = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const URL_ = 'https://sandbox.example/payment/api/v4/transfer/1234';

function signed(params: [string, string][], key: string, method = 'HMAC-SHA1', timestamp = String(Math.floor(Date.now() / 1000))) {
  const oauth: [string, string][] = [
    ['oauth_consumer_key', 'merchant'],
    ['oauth_nonce', 'n1'],
    ['oauth_signature_method', method],
    ['oauth_timestamp', timestamp],
    ['oauth_version', '1.0'],
  ];
  const pairs = [...params, ...oauth].map(([n, v]) => `${enc(n)}=${enc(v)}`).sort();
  const base = `POST&${enc(URL_)}&${enc(pairs.join('&'))}`;
  const signature = createHmac('sha1', `${key}&`).update(base).digest('base64');
  const authorization = `OAuth ${[...oauth, ['oauth_signature', signature]].map(([n, v]) => `${n}="${enc(v as string)}"`).join(', ')}`;
  return { authorization, body: params.map(([n, v]) => `${enc(n)}=${enc(v)}`).join('&') };
}

describe('paysign explain within bounds', () => {
  it('ESC and BEL in the method, oauth_signature_method and oauth_timestamp reach the terminal escaped', () => {
    const request = signed([['client_orderid', 'o-1']], 'k', 'HMAC-SHA1\u001b]0;owned\u0007', '12\u001b[2J34');
    const dir = mkdtempSync(join(tmpdir(), 'paysign-explain-'));
    const file = join(dir, 'request.json');
    writeFileSync(file, JSON.stringify({ method: 'PO\u001b[31mST\u0007', url: URL_, headers: { Authorization: request.authorization }, body: request.body }));
    const result = paysign(['explain', '--request', file, '--control-key', 'k']);
    expect(result.code).toBe(1);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/[\u0007\u001b]/);
    expect(result.stdout).toContain('\\x1b');
  });

  it('a signer that sorted the raw names is named as such, not as a wrong key', () => {
    // Names whose raw and encoded orders differ: "a-b" < "a/b" as written, "a%2Fb" < "a-b" encoded.
    const params: [string, string][] = [
      ['a-b', '1'],
      ['a/b', '2'],
    ];
    const oauth: [string, string][] = [
      ['oauth_consumer_key', 'merchant'],
      ['oauth_nonce', 'n1'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
      ['oauth_version', '1.0'],
    ];
    const raw = [...params, ...oauth].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([n, v]) => `${enc(n)}=${enc(v)}`);
    const base = `POST&${enc(URL_)}&${enc(raw.join('&'))}`;
    const signature = createHmac('sha1', 'k&').update(base).digest('base64');
    const authorization = `OAuth ${[...oauth, ['oauth_signature', signature]].map(([n, v]) => `${n}="${enc(v as string)}"`).join(', ')}`;
    const body = params.map(([n, v]) => `${enc(n)}=${enc(v)}`).join('&');
    const result = paysign(['explain', '--url', URL_, '--authorization', authorization, '--body', body, '--control-key', 'k', '--json']);
    const diagnosis = JSON.parse(result.stdout) as { causes: { code: string }[] };
    expect(diagnosis.causes.map((cause) => cause.code)).toContain('raw_names_sorted');
  });

  it('OAuth parameters in the body only: refused, never "valid"', () => {
    const request = signed([['client_orderid', 'o-1']], 'k');
    const oauthBody = request.authorization
      .slice('OAuth '.length)
      .split(', ')
      .map((pair) => pair.replace(/="(.*)"$/, '=$1'))
      .join('&');
    const result = paysign(['explain', '--url', URL_, '--body', `${request.body}&${oauthBody}`, '--control-key', 'k', '--json']);
    expect(result.code).toBe(1);
    const diagnosis = JSON.parse(result.stdout) as { verdict: string; causes: { code: string }[] };
    expect(diagnosis.verdict).toBe('refused');
    expect(diagnosis.causes[0]?.code).toBe('oauth_in_body_only');
  });
});
