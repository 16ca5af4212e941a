import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const STORY = fileURLToPath(new URL('../demo/story.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('the demo story (pnpm start)', () => {
  it('runs every step against an in-process emulator and exits 0, printing no full card number or CVV', () => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
    const result = spawnSync(process.execPath, [STORY], { encoding: 'utf8', env, timeout: 60_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const out = result.stdout;
    for (const heading of [
      '1. Generate an RSA key pair',
      '2. Update two recurring payments (RSA-SHA256)',
      "3. Check a PAN's eligibility (HMAC-SHA1)",
      '4. Make a transfer',
      '5. A tampered request',
      '6. Preview the schedule',
    ]) {
      expect(out).toContain(heading);
    }
    expect(out).toMatch(/rp-1001 rev 1: card 411111\*{6}1111, amounts 9\.99,14\.99,19\.99/);
    expect(out).toContain('7. A recurring payment lives');
    expect(out).toMatch(/3 {2}23\.01\.2026 {2}9\.99 EUR {4}approved {2}verified \(approved, 1 attempt\)/);
    // max-repeats-number 3 is the last charge's index (the spec, line 52): four charges, 0 to 3.
    expect(out).toContain('state stop after 4 charges (indices 0 to 3: max-repeats-number 3 is the last index)');
    expect(out).toContain('403 Forbidden, body empty');
    expect(out).toContain('[parameter_duplicated]');
    expect(out).toContain('parameter only in the expected base string: amount=2500.00');
    expect(out).toMatch(/1 {2}28\.02\.2026 {2}14\.99 EUR/);
    expect(out).not.toMatch(/4111111111111111|5555555555554444|cvv2(=|%3D)123/);
    expect(out).not.toContain('\u001b['); // not a TTY: no colours

    // The closing hint is a command that works in the clone, as written (issue #21, item 6: it said
    // "paysign --help", which is "command not found" there).
    const hint = /Next: (.+?) \(from the repository root\)/.exec(out)?.[1];
    expect(hint).toBe('npx paysign --help');
    const next = spawnSync('sh', ['-c', hint as string], { cwd: ROOT, encoding: 'utf8', env, timeout: 60_000 });
    expect(next.status).toBe(0);
    expect(next.stdout).toContain('Usage: paysign <command>');
  });
});

describe('the demo story against another machine (issue #21, item 11)', () => {
  it('refuses a non-loopback PAYSIGN_BASE_URL without --yes, before anything is sent: its transfer moves money', () => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      PAYSIGN_BASE_URL: 'https://sandbox.gate.example',
      PAYSIGN_LOGIN: 'm',
      PAYSIGN_ENDPOINT_ID: '1',
      PAYSIGN_CONTROL_KEY: 'k',
    };
    const result = spawnSync(process.execPath, [STORY], { encoding: 'utf8', env, timeout: 60_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PAYSIGN_BASE_URL points at "sandbox.gate.example", not this machine');
    expect(result.stderr).toContain('pnpm start --yes');
    expect(result.stdout).not.toContain('1. Generate an RSA key pair');
  });
});
