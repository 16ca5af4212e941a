import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('README', () => {
  it('shows examples/local-proxy.mjs verbatim, and that file prints what the README says', () => {
    const example = readFileSync(`${root}examples/local-proxy.mjs`, 'utf8');
    const readme = readFileSync(`${root}README.md`, 'utf8');
    expect(readme).toContain(`\`\`\`js\n${example}\`\`\``);
    const output = execFileSync(process.execPath, [`${root}examples/local-proxy.mjs`], { cwd: root, encoding: 'utf8' }).split('\n');
    expect(output[0]).toMatch(
      /^200 "type=async-response\\n&status=processing\\n&serial-number=[0-9a-f-]{36}\\n&merchant-order-id=order-1\\n&paynet-order-id=1\\n"$/,
    );
    expect(output[1]).toBe('200');
    expect(output[2]).toBe('403 {"error":{"code":"ENDPOINT_NOT_ALLOWED","message":"this proxy does not sign pan-eligibility/send for endpoint 9999"}}');
  });
});
