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
      // The refusal line carries its cause, found just after the reply.
      await expect.poll(() => stderr).toContain(': wrong_key (invalid_signature): ');
      expect(stderr).not.toContain('secret');
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('with no flags serves a demo merchant: login, a new control key, console and debugger, one per line; the key signs', async () => {
    const child = spawn(process.execPath, [BIN, 'emulator'], { env: { PATH: process.env.PATH ?? '', XDG_RUNTIME_DIR: '/nonexistent-for-this-test' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const lines: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
    try {
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(5);
      const base = (lines[0] as string).slice('listening on '.length);
      expect(lines[0]).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      expect(lines[1]).toBe('login: demo');
      expect(lines[2]).toMatch(/^control key: [A-Za-z0-9_-]{24}$/);
      expect(lines.slice(3)).toEqual([`console: ${base}/`, `debugger: ${base}/debugger`]);
      const controlKey = (lines[2] as string).slice('control key: '.length);
      // The printed login and key sign a request the demo merchant's endpoint accepts.
      const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      const directory = mkdtempSync(join(tmpdir(), 'paysign-demo-'));
      writeFileSync(join(directory, 'request.json'), JSON.stringify({ clientOrderId: 'o-1', sendingCardRefId: 'ref-1' }));
      const sent = await paysignAsync(
        ['send', 'pan-eligibility', '--file', join(directory, 'request.json'), '--base-url', base, '--login', 'demo', '--endpoint-id', '1'],
        {
          PAYSIGN_CONTROL_KEY: controlKey,
        },
      );
      rmSync(directory, { recursive: true, force: true });
      expect(sent.code).toBe(0);
      expect(sent.stdout).toContain('processing');
      const wrong = await paysignAsync(['send', 'pan-eligibility', '--file', '/dev/null', '--base-url', base], {});
      expect(wrong.code).not.toBe(0);
      // ...and the console and debugger answer at the printed URLs.
      expect((await fetch(`${base}/`)).status).toBe(200);
      expect((await fetch(`${base}/debugger`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('--control-key still works but warns that argv is visible; PAYSIGN_CONTROL_KEY and --control-key-file do not warn and are not printed', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const directory = mkdtempSync(join(tmpdir(), 'paysign-key-'));
    writeFileSync(join(directory, 'key'), 'file-secret\n', { mode: 0o600 });
    const run = async (args: string[], env: Record<string, string>) => {
      const child = spawn(process.execPath, [BIN, 'emulator', ...args], { env: { PATH: process.env.PATH ?? '', XDG_RUNTIME_DIR: directory, ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      await expect.poll(() => stdout.split('\n').length, { timeout: 10_000 }).toBeGreaterThan(5);
      child.kill('SIGTERM');
      await once(child, 'exit');
      return { stdout, stderr };
    };
    try {
      const flag = await run(['--control-key', 'argv-secret'], {});
      expect(flag.stderr).toContain('warning: --control-key is visible to other users of this machine (ps)');
      expect(flag.stdout).toContain('control key: from --control-key\n');
      const fromEnv = await run([], { PAYSIGN_CONTROL_KEY: 'env-secret' });
      expect(fromEnv.stderr).not.toContain('warning');
      expect(fromEnv.stdout).toContain('control key: from PAYSIGN_CONTROL_KEY\n');
      const fromFile = await run(['--control-key-file', join(directory, 'key')], {});
      expect(fromFile.stderr).not.toContain('warning');
      for (const output of [flag, fromEnv, fromFile]) expect(`${output.stdout}${output.stderr}`).not.toMatch(/argv-secret|env-secret|file-secret/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
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

describe('paysign emulator --merchants FILE', () => {
  it('serves every merchant of the file, each with its callback address; a bad file is refused naming the field', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const directory = mkdtempSync(join(tmpdir(), 'paysign-merchants-'));
    const file = (name: string, value: unknown) => {
      writeFileSync(join(directory, name), JSON.stringify(value), { mode: 0o600 });
      return join(directory, name);
    };
    try {
      const good = file('merchants.json', [
        { login: 'shop-a', controlKey: 'key-a', endpointIds: ['1'], callbackUrl: 'http://127.0.0.1:9/a' },
        { login: 'shop-b', controlKey: 'key-b', endpointIds: ['2', '3'] },
      ]);
      const child = spawn(process.execPath, [BIN, 'emulator', '--merchants', good], { env: { PATH: process.env.PATH ?? '', XDG_RUNTIME_DIR: directory } });
      const lines: string[] = [];
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
      try {
        await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(5);
        expect(lines.slice(1, 3)).toEqual(['login: shop-a, shop-b', `control key: from ${good}`]);
        await expect.poll(() => stderr).toContain('merchant shop-b, endpoint 2, 3: POST');
        expect(`${lines.join('\n')}${stderr}`).not.toMatch(/key-a|key-b/);
      } finally {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }

      const badUrl = paysign([
        'emulator',
        '--merchants',
        file('bad.json', [{ login: 'shop', controlKey: 'k', endpointIds: ['1'], callbackUrl: 'ftp://x/cb' }]),
      ]);
      expect([badUrl.code, badUrl.stderr]).toEqual([2, expect.stringContaining('merchant shop: callbackUrl must be an http: or https: URL')]);
      const notArray = paysign(['emulator', '--merchants', file('object.json', { login: 'shop' })]);
      expect([notArray.code, notArray.stderr]).toEqual([2, expect.stringContaining('--merchants: the file must hold a JSON array of merchant objects')]);
      const clash = paysign(['emulator', '--merchants', good, '--login', 'x']);
      expect([clash.code, clash.stderr]).toEqual([2, expect.stringContaining('--merchants replaces --login: set these per merchant in the file')]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
