// The whole loop with the real binary (issue #29 "Done when"): `paysign emulator` started without
// flags for the merchant (key and callback address from the environment), `paysign send transfer`,
// `paysign emulator trigger` (no --url: found through the discovery file), the declined callback
// through `paysign callbacks listen --forward-to` to an app that is down (retried), then up
// (delivered once); a trigger set again (a re-sent callback) reaches the app too.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, paysign } from './run-cli.js';

interface Running {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr: () => string;
}

function start(args: string[], env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (lines.length > 0) {
        clearInterval(timer);
        resolve({ child, lines, stderr: () => stderr });
      }
    }, 20);
    child.once('exit', () => (clearInterval(timer), reject(new Error(`exited early: ${stderr}`))));
  });
}

async function stop(running: Running): Promise<number | null> {
  running.child.kill('SIGTERM');
  const [code] = (await once(running.child, 'exit')) as [number | null];
  return code;
}

const freePort = async (): Promise<number> => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
};

const runtime = mkdtempSync(join(tmpdir(), 'paysign-loop-'));
const controlKey = 'loop-control-key';
let appPort: number;
const received: URLSearchParams[] = [];
let app: Server | undefined;
let listen: Running;
let emulator: Running;

beforeAll(async () => {
  appPort = await freePort();
  listen = await start(['callbacks', 'listen', '--forward-to', `http://127.0.0.1:${appPort}/callbacks`], { PAYSIGN_CONTROL_KEY: controlKey });
  const listening = (listen.lines[0] as string).slice('listening on '.length);
  emulator = await start(['emulator', '--callback-backoff-ms', '200', '--outcome-delay-ms', '600000'], {
    PAYSIGN_CONTROL_KEY: controlKey,
    PAYSIGN_CALLBACK_URL: `${listening}/cb`,
    XDG_RUNTIME_DIR: runtime,
  });
  for (let waited = 0; emulator.lines.length < 5 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
});
afterAll(async () => {
  if (emulator !== undefined) expect(await stop(emulator)).toBe(0);
  if (listen !== undefined) expect(await stop(listen)).toBe(0);
  if (app !== undefined) await new Promise((resolve) => (app as Server).close(resolve));
  rmSync(runtime, { recursive: true, force: true });
});

describe('the loop, with the real binary', () => {
  it('a declined transfer reaches the app through listen --forward-to: retried while the app is down, delivered once it is up; set again, it reaches the app again', async () => {
    const [listening, login, key, consoleLine, debuggerLine] = emulator.lines as [string, string, string, string, string];
    const base = listening.slice('listening on '.length);
    expect([login, key, consoleLine, debuggerLine]).toEqual([
      'login: demo',
      'control key: from PAYSIGN_CONTROL_KEY',
      `console: ${base}/`,
      `debugger: ${base}/debugger`,
    ]);

    const request = join(runtime, 'transfer.json');
    writeFileSync(
      request,
      JSON.stringify({ clientOrderId: 'loop-1', amount: '10.00', currency: 'EUR', cardRecurringPaymentId: 'src-1', destinationCardNo: '4111111111111111' }),
    );
    const sent = paysign(['send', 'transfer', '--file', request, '--base-url', base, '--endpoint-id', '1', '--login', 'demo', '--json'], {
      PAYSIGN_CONTROL_KEY: controlKey,
    });
    expect(sent.code).toBe(0);
    const reply = JSON.parse(sent.stdout) as { status: string; fields: Record<string, string> };
    expect(reply.status).toBe('processing');
    const orderid = reply.fields['paynet-order-id'] as string;

    // No --url: the emulator this test started is found through its discovery file.
    const triggered = paysign(['emulator', 'trigger', '--order', orderid, '--outcome', 'declined'], { XDG_RUNTIME_DIR: runtime });
    expect(triggered.stderr).toBe('');
    expect(triggered.stdout).toBe(`order ${orderid} (transfer, merchant order loop-1): declined, callback sent\n`);

    // The app is down: listen answers 502, the emulator retries.
    await expect.poll(() => listen.stderr(), { timeout: 10_000 }).toMatch(/forward to http:\/\/127\.0\.0\.1:\d+\/callbacks failed: ECONNREFUSED/);
    await expect.poll(() => emulator.stderr(), { timeout: 10_000 }).toMatch(new RegExp(`orderid ${orderid} .*attempt 2: 502 pending`));
    app = createServer((incoming, response) => {
      received.push(new URL(incoming.url ?? '/', 'http://x').searchParams);
      response.writeHead(200).end('OK');
    });
    await new Promise<void>((resolve) => (app as Server).listen(appPort, '127.0.0.1', resolve));
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect([received[0]?.get('status'), received[0]?.get('orderid'), received[0]?.get('merchant_order')]).toEqual(['declined', orderid, 'loop-1']);
    await expect.poll(() => emulator.stderr(), { timeout: 10_000 }).toMatch(new RegExp(`orderid ${orderid} .*: 200 delivered`));
    // Delivered once: no further attempt reaches the app.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(received).toHaveLength(1);

    // The same outcome set again: a new callback with the same signed fields reaches the app (listen does not swallow it).
    const again = paysign(['emulator', 'trigger', '--order', orderid, '--outcome', 'declined', '--json'], { XDG_RUNTIME_DIR: runtime });
    expect(JSON.parse(again.stdout).callbacks).toHaveLength(2);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    expect(received[1]?.get('status')).toBe('declined');
  });

  it("a recurring charge's callback re-sent from the admin API (the console's re-send) reaches the app again", async () => {
    const base = (emulator.lines[0] as string).slice('listening on '.length);
    const listening = (listen.lines[0] as string).slice('listening on '.length);
    const today = new Date();
    const ddmmyyyy = `${String(today.getUTCDate()).padStart(2, '0')}.${String(today.getUTCMonth() + 1).padStart(2, '0')}.${today.getUTCFullYear()}`;
    const created = await fetch(`${base}/emulator/recurring-payments?login=demo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        'recurring-payment-id': 'rp-loop',
        'client-orderid': 'rp-order',
        'credit-card-number': '4111111111111111',
        amount: '3.00',
        period: 'month',
        interval: '1',
        'start-date': ddmmyyyy,
        type: 'auto',
        server_callback_url: `${listening}/cb`,
      }),
    });
    expect(created.status).toBe(201);
    const orderid = ((await created.json()) as { charges: { orderid: string }[] }).charges[0]?.orderid as string;
    const fromCharge = () => received.filter((query) => query.get('orderid') === orderid);
    await expect.poll(() => fromCharge().length, { timeout: 10_000 }).toBe(1);
    const resent = await fetch(`${base}/emulator/recurring-payments/rp-loop/callbacks/${orderid}/resend`, { method: 'POST' });
    expect(resent.status).toBe(200);
    await expect.poll(() => fromCharge().length, { timeout: 10_000 }).toBe(2);
    expect(fromCharge().map((query) => query.get('status'))).toEqual(['approved', 'approved']);
  });

  it('clock and payments without --url find the running emulator; without one running they say how to pass the URL', () => {
    const payments = paysign(['emulator', 'payments'], { XDG_RUNTIME_DIR: runtime });
    expect(payments.code).toBe(0);
    expect(payments.stdout).toMatch(/^rp-loop {2}active {2}repeats 1 {2}next \d\d\.\d\d\.\d{4} {2}merchant demo\/1\n$/);
    const empty = mkdtempSync(join(tmpdir(), 'paysign-none-'));
    try {
      const none = paysign(['emulator', 'clock', '--advance', '20'], { XDG_RUNTIME_DIR: empty });
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('no emulator started by "paysign emulator" runs on this machine: start one, or give --url URL');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("resend re-sends an order's callback (by its order id, or a payment and its charge); stop stops a payment (#36 item 4)", async () => {
    const transfer = received.find((query) => query.get('merchant_order') === 'loop-1')?.get('orderid') as string;
    const before = received.length;
    const resent = paysign(['emulator', 'resend', transfer], { XDG_RUNTIME_DIR: runtime });
    expect(resent.stderr).toBe('');
    expect(resent.stdout).toBe(`order ${transfer} (transfer, merchant order loop-1): declined, callback sent\n`);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(before + 1);
    expect([received.at(-1)?.get('orderid'), received.at(-1)?.get('status')]).toEqual([transfer, 'declined']);

    const charge = received.find((query) => query.get('merchant_order') === 'rp-order')?.get('orderid') as string;
    const byPayment = paysign(['emulator', 'resend', 'rp-loop', charge], { XDG_RUNTIME_DIR: runtime });
    expect(byPayment.stdout).toBe(`order ${charge} of rp-loop: callback sent again\n`);
    const byOrder = paysign(['emulator', 'resend', charge, '--json'], { XDG_RUNTIME_DIR: runtime });
    expect(JSON.parse(byOrder.stdout)).toMatchObject({ orderid: charge, operation: 'recurring-charge', recurringPaymentId: 'rp-loop', status: 'approved' });
    await expect.poll(() => received.filter((query) => query.get('orderid') === charge).length, { timeout: 10_000 }).toBe(4);

    const unknown = paysign(['emulator', 'resend', 'no-such-order'], { XDG_RUNTIME_DIR: runtime });
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('the emulator refused (404): no order has this orderid')]);

    const stopped = paysign(['emulator', 'stop', 'rp-loop'], { XDG_RUNTIME_DIR: runtime });
    expect(stopped.stdout).toMatch(/^rp-loop: stop from \d\d\.\d\d\.\d{4}, repeats 1, nothing more charged\n$/);
    expect(paysign(['emulator', 'payments'], { XDG_RUNTIME_DIR: runtime }).stdout).toBe('rp-loop  stop  repeats 1  next -  merchant demo/1\n');
    expect(paysign(['emulator', 'stop'], { XDG_RUNTIME_DIR: runtime }).stderr).toContain('stop needs one RECURRING-PAYMENT-ID');
  });
});
