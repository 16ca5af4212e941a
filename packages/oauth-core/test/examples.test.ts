import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README's examples are files; each runs as a user would run it (against the built package).
const examples = fileURLToPath(new URL('../examples/', import.meta.url));
const run = (file: string) => execFileSync(process.execPath, [examples + file], { encoding: 'utf8' });

describe('README examples', () => {
  it('sign-sample.mjs prints an HMAC-SHA1 and an RSA-SHA256 Authorization header', () => {
    const out = run('sign-sample.mjs');
    expect(out).toMatch(/== HMAC-SHA1 \(adapter: node\) ==/);
    expect(out).toMatch(/Authorization: OAuth oauth_consumer_key="merchant-login", .*oauth_signature_method="RSA-SHA256"/);
    expect(out).toMatch(
      /base string: {3}POST&https%3A%2F%2Fsandbox\.gateway\.example%2Fpayment%2Fapi%2Fv2%2Fpan-eligibility%2Fsend%2F1234&client-order-id%3Dorder-0001/,
    );
  });

  it('verify-sample.mjs verifies the request as sent and refuses it tampered', () => {
    const out = run('verify-sample.mjs');
    expect(out).toContain('as sent:   verified');
    expect(out).toContain('tampered:  refused (invalid_signature)');
  });
});
