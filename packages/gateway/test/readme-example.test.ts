import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('README example (examples/local-roundtrip.mjs)', () => {
  it('validates, previews, signs and sends to its local stand-in server', () => {
    const file = fileURLToPath(new URL('../examples/local-roundtrip.mjs', import.meta.url));
    const out = execFileSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000 });
    expect(out).toContain('issues: []');
    expect(out).toContain('POST /payment/api/v4/update-recurring-payments/1234');
    expect(out).toMatch(/Authorization: OAuth oauth_consumer_key="merchant-login", .*oauth_signature_method="HMAC-SHA1"/);
    expect(out).toContain('result: { httpStatus: 200, empty: true');
  });
});
