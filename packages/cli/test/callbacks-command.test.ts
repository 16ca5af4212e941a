import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { callbackControl } from '@paysign/spec';
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

/** Writes raw bytes on a new connection and resolves with whatever comes back before it closes. */
function rawExchange(base: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

const GOOD = `status=approved&orderid=1234567&merchant_order=hf-abc&client_orderid=hf-abc&type=sale&amount=10.00&control=652ace404c4dfe8bba069ecee594ec23a89340e1`;

describe('paysign callbacks listen', () => {
  it('prints a verified callback once, its unsigned fields marked, and refuses a forged one with 403', async () => {
    const { child, base, lines, stderr } = await start(['callbacks', 'listen', '--control-key', 'test-merchant-control']);
    try {
      const good = `${base}/cb?${GOOD}`;
      expect((await fetch(good)).status).toBe(200);
      expect((await fetch(good)).status).toBe(200);
      // Edited unsigned fields: the same callback, not printed again.
      expect((await fetch(good.replace('type=sale', 'type=reversal').replace('client_orderid=hf-abc', 'client_orderid=77'))).status).toBe(200);
      expect((await fetch(good.replace('status=approved', 'status=declined'))).status).toBe(403);
      expect(lines.filter((line) => line.startsWith('callback '))).toEqual([
        'callback approved orderid=1234567 merchant_order=hf-abc | unverified: client_orderid=hf-abc type=sale amount=10.00',
      ]);
      expect(stderr()).toContain('403 refused: checksum_mismatch');
      expect(stderr() + lines.join('\n')).not.toContain('test-merchant-control');
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it('flags a callback whose merchant_order starts with a digit: digits may have moved from orderid', async () => {
    const { child, base, lines } = await start(['callbacks', 'listen', '--control-key', 'test-merchant-control']);
    try {
      const control = await callbackControl({ status: 'approved', orderid: '9021', merchantOrder: '55' }, 'test-merchant-control');
      expect((await fetch(`${base}/cb?status=approved&orderid=902&merchant_order=155&control=${control}`)).status).toBe(200);
      expect(lines.filter((line) => line.startsWith('callback '))).toEqual([
        'callback approved orderid=902 merchant_order=155 | unverified: - | split not unique: merchant_order starts with a digit',
      ]);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it('escapes control characters in unsigned fields: a captured callback cannot forge a line or drive the terminal', async () => {
    const { child, base, lines } = await start(['callbacks', 'listen', '--control-key', 'test-merchant-control']);
    try {
      const forged = 'x\ncallback approved orderid=999 merchant_order=ORDER-999 | unverified: amount=5000.00\u001b[2K\u001b]0;owned\u0007\r';
      expect((await fetch(`${base}/cb?${GOOD.replace('client_orderid=hf-abc', `client_orderid=${encodeURIComponent(forged)}`)}`)).status).toBe(200);
      expect(lines.filter((line) => line.startsWith('callback '))).toEqual([
        String.raw`callback approved orderid=1234567 merchant_order=hf-abc | unverified: client_orderid="x\ncallback approved orderid=999 merchant_order=ORDER-999 | unverified: amount=5000.00\x1b[2K\x1b]0;owned\x07\r" type=sale amount=10.00`,
      ]);
      expect(lines.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it.each(['*:99999', '*[', '*@x', '*|', '*%zz'])('survives a request for %s (400) and still verifies the next callback', async (target) => {
    const { child, base, lines } = await start(['callbacks', 'listen', '--control-key', 'test-merchant-control']);
    try {
      const reply = await rawExchange(base, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(reply).toMatch(/^HTTP\/1\.1 400 /);
      expect(reply).not.toContain(target);
      expect(child.exitCode).toBe(null);
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(200);
      expect(lines.filter((line) => line.startsWith('callback '))).toHaveLength(1);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it('survives a method fetch refuses (TRACE) and raw garbage, then verifies the next callback', async () => {
    const { child, base, lines } = await start(['callbacks', 'listen', '--control-key', 'test-merchant-control']);
    try {
      expect(await rawExchange(base, `TRACE /cb?${GOOD} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400 /);
      await rawExchange(base, '\u0000\u00ff\r\n\r\nGET\r\n\r\n');
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(200);
      expect(lines.filter((line) => line.startsWith('callback '))).toHaveLength(1);
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
