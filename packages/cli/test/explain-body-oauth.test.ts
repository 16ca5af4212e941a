import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rfc3986 } from './hand-sign.js';
import { paysign } from './run-cli.js';

const KEY = 'explain-s3cret';
const URL_ = 'https://gateway.example.com/payment/api/v2/transfer/1';
const PAN = '4111111111111111';

/** An HMAC-SHA1 request with every oauth_* parameter in the form body and none in a header (RFC 5849 §3.5.2). */
function bodyOnlyRequest(hmacKey: string): string {
  const params: [string, string][] = [
    ['amount', '10.00'],
    ['destination-card-no', PAN],
    ['oauth_consumer_key', 'merchant'],
    ['oauth_nonce', 'n0nce'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
  ];
  const normalized = params
    .map(([n, v]) => [rfc3986(n), rfc3986(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  const baseString = ['POST', rfc3986(URL_), rfc3986(normalized)].join('&');
  const signature = createHmac('sha1', hmacKey).update(baseString).digest('base64');
  const signed: [string, string][] = [...params, ['oauth_signature', signature]];
  return signed.map(([n, v]) => `${rfc3986(n)}=${rfc3986(v)}`).join('&');
}

/** The same request with its oauth_* parameters moved from the body into an Authorization header. */
function asHeader(body: string): string {
  const oauth = body.split('&').filter((pair) => pair.startsWith('oauth_'));
  return `OAuth ${oauth.map((pair) => pair.replace('=', '="')).join('", ')}"`;
}

describe('paysign explain with the OAuth parameters in the body (issue #12, item 4)', () => {
  // Issue #29 item 4: the signature verifies, but the gateway (and the emulator) read the OAuth
  // parameters from the header only: refused, never "valid".
  it('checks a request without --authorization when the body carries the oauth_* parameters: the signature verifies, the request is refused (oauth_in_body_only)', () => {
    const result = paysign(['explain', '--url', URL_, '--body', bodyOnlyRequest(`${KEY}&`)], { PAYSIGN_CONTROL_KEY: KEY });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('refused: the signature verifies, but the gateway refuses the request');
    expect(result.stdout).toContain('[oauth_in_body_only]');
    expect(result.stdout + result.stderr).not.toContain(PAN);
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  it('diagnoses a body-only request signed with another key (exit 1, wrong_key)', () => {
    const result = paysign(['explain', '--url', URL_, '--body', bodyOnlyRequest('other&')], { PAYSIGN_CONTROL_KEY: KEY });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('[wrong_key]');
  });

  it('still asks for --authorization (exit 2) when the body carries no oauth_signature', () => {
    const result = paysign(['explain', '--url', URL_, '--body', 'amount=10.00'], { PAYSIGN_CONTROL_KEY: KEY });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--authorization is required unless --body carries the oauth_* parameters');
  });

  it.each([
    ['in the body', (body: string) => ['--body', body]],
    ['in the header', (body: string) => ['--authorization', asHeader(body), '--body', `amount=10.00&destination-card-no=${PAN}`]],
  ])('for hmac_key_layout (OAuth parameters %s) prints the cause only, not "none of the variants tried verifies"', (_where, flags) => {
    const result = paysign(['explain', '--url', URL_, ...flags(bodyOnlyRequest(KEY))], { PAYSIGN_CONTROL_KEY: KEY });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('[hmac_key_layout]');
    expect(result.stdout).not.toContain('none of the variants tried verifies');
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });
});
