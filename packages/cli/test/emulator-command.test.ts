import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { clientSign } from './hand-sign.js';
import { BIN, paysign, paysignAsync } from './run-cli.js';

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

describe('paysign emulator --max-callbacks-in-flight', () => {
  it('caps the callback attempts open at once: with 1 and 3 callbacks due to a receiver that holds them, one at a time, the rest sent after', async () => {
    const { createServer } = await import('node:http');
    const held: import('node:http').ServerResponse[] = [];
    let open = 0;
    let mostOpen = 0;
    let onArrival = () => {};
    const receiver = createServer((_request, response) => {
      open++;
      mostOpen = Math.max(mostOpen, open);
      held.push(response);
      onArrival();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverBase = `http://127.0.0.1:${(receiver.address() as import('node:net').AddressInfo).port}`;
    const arrived = (count: number) =>
      new Promise<void>((resolve) => {
        onArrival = () => held.length >= count && resolve();
        onArrival();
      });
    const args = [
      'emulator',
      '--login',
      'merchant',
      '--clock',
      'virtual',
      '--today',
      '01.01.2030',
      '--callback-attempts',
      '1',
      '--max-callbacks-in-flight',
      '1',
    ];
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', PAYSIGN_CONTROL_KEY: 'secret' } });
    try {
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const [firstLine] = (await Promise.race([
        once(createInterface({ input: child.stdout }), 'line'),
        once(child, 'exit').then(() => Promise.reject(new Error(`paysign emulator exited early: ${stderr}`))),
      ])) as [string];
      const base = firstLine.slice('listening on '.length);
      const admin = (path: string, body: unknown) =>
        fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      for (const id of ['rp-1', 'rp-2', 'rp-3']) {
        const profile = { 'recurring-payment-id': id, amount: '1.00', period: 'day', interval: 1, 'start-date': '02.01.2030', 'max-repeats-number': 1 };
        expect((await admin('/emulator/recurring-payments', { ...profile, server_callback_url: `${receiverBase}/${id}` })).status).toBe(201);
      }
      expect((await admin('/emulator/clock', { advanceDays: 1 })).status).toBe(200);
      // One answer at a time, each only once the next request is open: more at once would show here.
      for (let answered = 0; answered < 3; answered++) {
        await arrived(answered + 1);
        expect(open).toBe(1);
        open--;
        held[answered]?.writeHead(200).end('OK');
      }
      expect(mostOpen).toBe(1);
    } finally {
      child.kill('SIGTERM');
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
    await once(child, 'exit');
  });

  it('exits 2 for a cap that is not a whole number of at least 1', () => {
    const result = paysign(['emulator', '--login', 'merchant', '--max-callbacks-in-flight', '0'], { PAYSIGN_CONTROL_KEY: 'secret' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--max-callbacks-in-flight must be a whole number of at least 1');
    expect(result.stderr).not.toContain('secret');
  });

  it('clock --advance N and payments drive a running emulator through its admin API (#22 item 3)', async () => {
    const child = spawn(process.execPath, [BIN, 'emulator', '--login', 'merchant', '--endpoint-id', '1234', '--clock', 'virtual', '--today', '01.01.2030'], {
      env: { PATH: process.env.PATH ?? '', PAYSIGN_CONTROL_KEY: 'secret' },
    });
    try {
      const [firstLine] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const base = firstLine.slice('listening on '.length);
      const created = await fetch(`${base}/emulator/recurring-payments?login=merchant`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          'recurring-payment-id': 'rp-\u001b[31mred',
          amount: '10.00',
          period: 'month',
          interval: 1,
          'start-date': '05.01.2030',
          'max-repeats-number': 2,
        }),
      });
      expect(created.status).toBe(201);
      const advanced = await paysignAsync(['emulator', 'clock', '--advance', '30', '--url', base]);
      expect(advanced.code).toBe(0);
      expect(advanced.stdout).toBe('today 31.01.2030, 1 charge\n  05.01.2030  rp-\\x1b[31mred  10.00  approved\n');
      const listed = await paysignAsync(['emulator', 'payments'], { PAYSIGN_EMULATOR_URL: base });
      expect(listed.code).toBe(0);
      expect(listed.stdout).toBe('rp-\\x1b[31mred  active  repeats 1  next 05.02.2030  merchant merchant/1234\n');
      const json = await paysignAsync(['emulator', 'payments', '--url', base, '--json']);
      expect(JSON.parse(json.stdout).recurringPayments[0]).toMatchObject({ state: 'active', currentRepeatsNumber: 1 });
    } finally {
      child.kill('SIGTERM');
    }
    await once(child, 'exit');
    const nobody = await paysignAsync(['emulator', 'payments', '--url', 'http://127.0.0.1:9']);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain('no emulator answers at http://127.0.0.1:9');
    expect(paysign(['emulator', 'clock', '--url', 'http://127.0.0.1:9']).stderr).toContain('clock needs --advance N');
  });
});
