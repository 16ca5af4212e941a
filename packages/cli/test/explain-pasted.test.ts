import { describe, expect, it } from 'vitest';
import { paysign } from './run-cli.js';

// explain notices what people paste (issue #21, item 11): the header's name with its value, and a
// control key that already ends in the "&" the signer adds.
const url = 'https://gateway.example/payment/api/v2/pan-eligibility/send/1';
const signed = JSON.parse(
  paysign(['sign', '--url', url, '--login', 'm', '--control-key', 'k', '--param', 'client-order-id=o-1', '--timestamp', '1767225600', '--json']).stdout,
) as { authorization: string; body: string };
const explain = (authorization: string, key: string) =>
  paysign(['explain', '--url', url, '--authorization', authorization, '--body', signed.body, '--control-key', key, '--now', '1767225600']);

describe('paysign explain notices pasted text', () => {
  it('a pasted "Authorization: " prefix is read without it, and said (before: "does not use the OAuth scheme")', () => {
    const result = explain(`Authorization: ${signed.authorization}`, 'k');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Verdict  valid');
    expect(result.stderr).toContain('--authorization began with "Authorization:"');
  });

  it('a control key ending in "&" is recognised (before: a mismatch blamed on a missing "&")', () => {
    const result = explain(signed.authorization, 'k&');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Verdict  valid');
    expect(result.stderr).toContain('the control key ends in "&"');
    expect(result.stdout).not.toContain('hmac_key_layout');
  });

  it('a wrong key ending in "&" is still a mismatch, with no note', () => {
    const result = explain(signed.authorization, 'other&');
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('the control key ends in "&"');
  });
});
