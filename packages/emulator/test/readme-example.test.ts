import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('README quick start (examples/quick-start.mjs)', () => {
  it('serves on loopback, accepts a signed request and shows the profile with its card masked', () => {
    const file = fileURLToPath(new URL('../examples/quick-start.mjs', import.meta.url));
    const out = execFileSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000 });
    expect(out).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/m);
    expect(out).toContain('pan-eligibility/send: async-response processing');
    expect(out).toContain('rp-1 card: 411111******1111 (revision 0)');
    expect(out).not.toContain('4111111111111111');
  });
});
