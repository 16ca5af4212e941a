import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { callbackControl } from '@paysign/protocol';
import { describe, expect, it } from 'vitest';
import { start, stop } from './listen-process.js';
import { BIN, paysign } from './run-cli.js';

/** The callback lines, each of which starts with its time (UTC, ISO 8601), without it. */
const TIMED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (callback .*)$/;
function callbackLines(lines: readonly string[]): string[] {
  return lines.flatMap((line) => TIMED.exec(line)?.[1] ?? []);
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
      expect(callbackLines(lines)).toEqual([
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
      expect(callbackLines(lines)).toEqual([
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
      expect(callbackLines(lines)).toEqual([
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
      expect(callbackLines(lines)).toHaveLength(1);
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
      expect(callbackLines(lines)).toHaveLength(1);
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

describe('paysign callbacks listen: timestamps, --json, --forward-to (issue #21, item 11)', () => {
  it('each callback line starts with the time it came', async () => {
    const { child, base, lines } = await start(['callbacks', 'listen', '--control-key', 'test-merchant-control']);
    try {
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(200);
      const timed = lines.filter((line) => TIMED.test(line));
      expect(timed).toHaveLength(1);
      const time = Date.parse(timed[0]!.slice(0, timed[0]!.indexOf(' ')));
      expect(Number.isNaN(time)).toBe(false);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it('--json: one JSON object per line, first {listening}, then each callback', async () => {
    const child = spawn(process.execPath, [BIN, 'callbacks', 'listen', '--control-key', 'test-merchant-control', '--json'], {
      env: { PATH: process.env.PATH ?? '' },
    });
    const lines: string[] = [];
    const reader = createInterface({ input: child.stdout });
    const first = new Promise<string>((resolve) => reader.on('line', (line) => (lines.length === 0 ? resolve(line) : undefined, lines.push(line))));
    try {
      const { listening } = JSON.parse(await first) as { listening: string };
      expect(listening).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${listening}/cb?${GOOD}`)).status).toBe(200);
      const callback = JSON.parse(lines[1] ?? '{}') as Record<string, unknown>;
      expect(callback).toMatchObject({
        status: 'approved',
        orderid: '1234567',
        merchantOrder: 'hf-abc',
        splitUnique: true,
        unverified: { client_orderid: 'hf-abc', type: 'sale', amount: '10.00' },
      });
      expect(Number.isNaN(Date.parse(callback.time as string))).toBe(false);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });

  it('--forward-to URL delivers each verified callback, as sent, to the local app; a forged one is not forwarded', async () => {
    const received: string[] = [];
    const app = createServer((request, response) => {
      received.push(request.url ?? '');
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callbacks`;
    const { child, base, stderr } = await start(['callbacks', 'listen', '--control-key', 'test-merchant-control', '--forward-to', appUrl]);
    try {
      expect((await fetch(`${base}/cb?${GOOD.replace('status=approved', 'status=declined')}`)).status).toBe(403);
      // The sender gets what the app answered.
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(204);
      await expect.poll(() => stderr()).toContain(`forwarded to ${appUrl}: HTTP 204`);
      expect(received).toEqual([`/callbacks?${GOOD}`]);
      // A repeated delivery is forwarded too: the app's own de-duplication decides.
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(204);
      expect(received).toEqual([`/callbacks?${GOOD}`, `/callbacks?${GOOD}`]);
    } finally {
      expect(await stop(child)).toBe(0);
      await new Promise<void>((resolve) => app.close(() => resolve()));
    }
  });

  it('--forward-to: an app that fails gives the sender its status; a redirect is not followed and gives 502', async () => {
    let answer: { status: number; headers?: Record<string, string> } = { status: 500 };
    const followed: string[] = [];
    const app = createServer((request, response) => {
      if (request.url?.startsWith('/elsewhere')) followed.push(request.url);
      response.writeHead(answer.status, answer.headers).end();
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callbacks`;
    const { child, base } = await start(['callbacks', 'listen', '--control-key', 'test-merchant-control', '--forward-to', appUrl]);
    try {
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(500);
      answer = { status: 503 };
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(503);
      answer = { status: 302, headers: { Location: `http://127.0.0.1:${(app.address() as AddressInfo).port}/elsewhere` } };
      expect((await fetch(`${base}/cb?${GOOD}`, { redirect: 'manual' })).status).toBe(502);
      expect(followed).toEqual([]);
      answer = { status: 200 };
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(200);
    } finally {
      expect(await stop(child)).toBe(0);
      await new Promise<void>((resolve) => app.close(() => resolve()));
    }
  });

  it('--forward-to takes only http(s) URLs', () => {
    for (const target of ['ftp://127.0.0.1/cb', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const result = paysign(['callbacks', 'listen', '--forward-to', target], { PAYSIGN_CONTROL_KEY: 'k' });
      expect([result.code, result.stderr]).toEqual([2, expect.stringContaining('--forward-to must be an http: or https: URL')]);
    }
  });

  it('--forward-to a closed port says why on stderr, and the sender gets 502 so it retries', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { child, base, stderr } = await start([
      'callbacks',
      'listen',
      '--control-key',
      'test-merchant-control',
      '--forward-to',
      `http://127.0.0.1:${port}/cb`,
    ]);
    try {
      expect((await fetch(`${base}/cb?${GOOD}`)).status).toBe(502);
      await expect.poll(() => stderr()).toContain(`forward to http://127.0.0.1:${port}/cb failed: ECONNREFUSED`);
    } finally {
      expect(await stop(child)).toBe(0);
    }
  });
});
