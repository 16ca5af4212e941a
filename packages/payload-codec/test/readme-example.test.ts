import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('README example', () => {
  it('runs, and its Base64 payload decodes to the CSV it shows', () => {
    const file = fileURLToPath(new URL('../examples/readme.mjs', import.meta.url));
    const [body, decoded, refused] = execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim().split('\n');
    expect(body).toMatch(/^payload=[A-Za-z0-9%]+$/);
    // Decoded independently of the codec: percent-decoding, then Buffer's Base64.
    const csv = Buffer.from(decodeURIComponent(body!.slice('payload='.length)), 'base64').toString('utf8');
    expect(csv.split('\r\n')[1]).toContain('902B4FF5;1254;José;Müller;東京;');
    expect(JSON.parse(decoded!)).toBe('東京');
    expect(refused).toBe('UNKNOWN_HEADER');
  });
});
