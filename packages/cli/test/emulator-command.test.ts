import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { clientSign } from './hand-sign.js';
import { BIN, paysign } from './run-cli.js';

describe('paysign emulator', () => {
  it('prints "listening on http://HOST:PORT" first, answers signed requests, logs refusals to stderr, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'emulator', '--login', 'merchant', '--endpoint-id', '1234', '--port', '0'], {
      env: { PATH: process.env.PATH ?? '', PAYSIGN_CONTROL_KEY: 'secret' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      // If the process dies before it listens, fail with its stderr instead of waiting for the timeout.
      const [firstLine] = (await Promise.race([
        once(createInterface({ input: child.stdout }), 'line'),
        once(child, 'exit').then(() => Promise.reject(new Error(`paysign emulator exited early: ${stderr}`))),
      ])) as [string];
      expect(firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const base = firstLine.slice('listening on '.length);
      const url = `${base}/payment/api/v2/pan-eligibility/send/1234`;
      const sent: [string, string][] = [
        ['client-order-id', 'o-1'],
        ['sending-card-ref-id', 'ref-1'],
      ];

      const good = clientSign({ url, sent, key: { controlKey: 'secret' } });
      const ok = await fetch(url, {
        method: 'POST',
        headers: { Authorization: good.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: good.body,
      });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('type=async-response\n');

      const bad = clientSign({ url, sent, key: { controlKey: 'guess' } });
      const refused = await fetch(url, {
        method: 'POST',
        headers: { Authorization: bad.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: bad.body,
      });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toBe('');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stderr).toContain('invalid_signature');
      expect(stderr).not.toContain('secret');
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('exits 2 without a key', () => {
    const result = paysign(['emulator', '--login', 'merchant']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('give --control-key or at least one --public-key');
  });
});
