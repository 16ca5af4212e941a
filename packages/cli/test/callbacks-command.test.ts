import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { BIN } from './run-cli.js';

async function start(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; base: string; lines: string[]; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '' } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines: string[] = [];
  const reader = createInterface({ input: child.stdout });
  const first = new Promise<string>((resolve, reject) => {
    reader.on('line', (line) => (lines.length === 0 ? resolve(line) : undefined, lines.push(line)));
    child.once('exit', () => reject(new Error(`exited early: ${stderr}`)));
  });
  const firstLine = await first;
  expect(firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
  return { child, base: firstLine.slice('listening on '.length), lines, stderr: () => stderr };
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

describe('paysign callbacks listen', () => {
  it('prints a verified callback once, refuses a forged one with 403', async () => {
    const { child, base, lines, stderr } = await start(['callbacks', 'listen', '--control-key', 'test-merchant-control']);
    try {
      const good = `${base}/cb?status=approved&orderid=1234567&merchant_order=hf-abc&client_orderid=hf-abc&type=sale&amount=10.00&control=652ace404c4dfe8bba069ecee594ec23a89340e1`;
      expect((await fetch(good)).status).toBe(200);
      expect((await fetch(good)).status).toBe(200);
      expect((await fetch(good.replace('status=approved', 'status=declined'))).status).toBe(403);
      expect(lines.filter((line) => line.startsWith('callback '))).toEqual(['callback approved type=sale orderid=1234567 client_orderid=hf-abc amount=10.00']);
      expect(stderr()).toContain('403 refused: checksum_mismatch');
      expect(stderr() + lines.join('\n')).not.toContain('test-merchant-control');
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });
});

describe('paysign emulator --clock virtual', () => {
  it('charges on the virtual clock and declines --decline-card cards', async () => {
    const { child, base } = await start([
      'emulator',
      '--login',
      'merchant',
      '--control-key',
      'k',
      '--clock',
      'virtual',
      '--today',
      '01.01.2030',
      '--decline-card',
      '4111111111111111',
    ]);
    try {
      const json = { 'Content-Type': 'application/json' };
      const created = await fetch(`${base}/emulator/recurring-payments`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          'recurring-payment-id': 'rp-1',
          'client-orderid': 'o-1',
          'credit-card-number': '4111111111111111',
          amount: '3.00',
          period: 'day',
          interval: 1,
          'start-date': '02.01.2030',
        }),
      });
      expect(created.status).toBe(201);
      const moved = (await (await fetch(`${base}/emulator/clock`, { method: 'POST', headers: json, body: '{"advanceDays":2}' })).json()) as {
        today: string;
        charges: { status: string; date: string }[];
      };
      expect(moved.today).toBe('03.01.2030');
      expect(moved.charges.map((charge) => [charge.date, charge.status])).toEqual([
        ['02.01.2030', 'declined'],
        ['03.01.2030', 'declined'],
      ]);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });
});
