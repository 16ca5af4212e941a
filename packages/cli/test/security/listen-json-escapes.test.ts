import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { stop } from '../listen-process.js';
import { BIN } from '../run-cli.js';

// Round 6 (issue 35), low: `paysign callbacks listen --json` escaped only DEL, C1 and the line
// separators, so a captured callback's signed merchant_order or an unsigned field could reach the
// terminal with a bidi override (U+202E: the rest of the line shown reversed), a zero-width or a
// private-use character. With the real binary: every such character is written \uXXXX (a pair past
// U+FFFF), and the line parses back to the very values sent.

const KEY = 'test-merchant-control';
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u;

describe('paysign callbacks listen --json shows caller text escaped (round 6, low)', () => {
  it('bidi overrides, isolates, zero-width, BOM, DEL, C1, separators and private-use characters are escapes; the values parse back as sent', async () => {
    const merchantOrder = 'order-\u202e1-cba\u202c';
    const comment = 'a\u200bb\u2066c\u2069\ufeffd\u007fe\u009b31mf\u2028g\u{f0001}h\u{e0041}';
    const control = createHash('sha1').update(`approved4242${merchantOrder}${KEY}`).digest('hex');
    const query = new URLSearchParams({ status: 'approved', orderid: '4242', merchant_order: merchantOrder, comment, 'na\u202eme': 'v', control });
    const child = spawn(process.execPath, [BIN, 'callbacks', 'listen', '--control-key', KEY, '--json'], { env: { PATH: process.env.PATH ?? '' } });
    const lines: string[] = [];
    const reader = createInterface({ input: child.stdout });
    let seen: () => void = () => undefined;
    reader.on('line', (line) => (lines.push(line), seen()));
    const next = (count: number) => new Promise<void>((resolve) => (lines.length >= count ? resolve() : (seen = () => lines.length >= count && resolve())));
    try {
      await next(1);
      const { listening } = JSON.parse(lines[0]!) as { listening: string };
      expect((await fetch(`${listening}/cb?${query}`)).status).toBe(200);
      await next(2);
      const line = lines[1]!;
      expect(line).not.toMatch(UNSAFE);
      expect(line).toContain('order-\\u202e1-cba\\u202c');
      expect(line).toContain('\\udb80\\udc01'); // U+F0001 as its pair
      expect(JSON.parse(line)).toMatchObject({ status: 'approved', orderid: '4242', merchantOrder, unverified: { comment, 'na\u202eme': 'v' } });
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });
});
