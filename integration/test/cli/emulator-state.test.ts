// Issue #22 item 4, with the real binary: `paysign emulator --state DIR` is killed with SIGKILL at
// seeded random moments while requests are in flight, restarted on the same DIR, and checked:
// every acknowledged payment, charge, pan-eligibility order and clock step is there, no charge is
// doubled or skipped, every charge has its one callback record, a replayed nonce is still refused,
// and the pending callbacks are delivered after the last restart.
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStateDatabase } from '../../../packages/emulator/test/state/read-state-db.js';
import { clientSign } from '../../../packages/cli/test/hand-sign.js';
import { paysign, startServingCli, type ServingCli } from '../../../packages/cli/test/run-cli.js';
import { freePort } from '../../../scripts/test-support/free-port.mjs';

const SEED = 0x22_04;
const ITERATIONS = 12;
const KEY = 'state-control-key';

/** mulberry32: the same seed, the same kills. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

let root: string;
let receiver: Server;
let receiverBase: string;
let callbackAnswer = 503;
const callbackOrderIds = new Set<string>();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-cli-state-'));
  receiver = createServer((request, response) => {
    callbackOrderIds.add(new URL(request.url ?? '/', 'http://x').searchParams.get('orderid') ?? '');
    response.writeHead(callbackAnswer).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await rm(root, { recursive: true, force: true });
});

type Running = ServingCli;

function start(args: string[]): Promise<Running> {
  return startServingCli(['emulator', '--login', 'merchant', '--endpoint-id', '1234', '--clock', 'virtual', ...args], { PAYSIGN_CONTROL_KEY: KEY });
}

const json = async (base: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    ...(body !== undefined && { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  return { status: response.status, json: (await response.json()) as any };
};

interface Charge {
  recurringPaymentId: string;
  index: number;
  date: string;
  amount: string;
  orderid: string;
}

const dayOf = (date: string) => {
  const [d, m, y] = date.split('.').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
};

describe('paysign emulator --state DIR under kill -9', () => {
  it(`keeps every acknowledged payment, charge, order, clock step and nonce across ${ITERATIONS} kills at seeded random moments (seed ${SEED})`, async () => {
    const next = random(SEED);
    const dir = join(root, 'state');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/payment/api/v2/pan-eligibility/send/1234`;
    // What the emulator acknowledged: it must all be there after any kill.
    const payments = new Set<string>();
    const charges = new Map<string, Charge>(); // by orderid
    const signed: { authorization: string; body: string }[] = [];
    const replyOrderIds = new Set<string>();
    // pan-eligibility orders acknowledged: the gateway's order id -> the merchant's order id.
    const orders = new Map<string, string>();
    let today = dayOf('01.01.2030');
    let advancesSent = 0;
    let stepsAcknowledged = 0;
    let inFlightAtKills = 0;
    let created = 0;
    let nonce = 0;

    const check = async (run: Running, iteration: number) => {
      const where = `(seed ${SEED}, iteration ${iteration})`;
      const clock = await json(run.base, 'GET', '/emulator/clock');
      const shown = dayOf(clock.json.today);
      // The clock is where the last acknowledged step left it, or a step further per step in flight.
      expect(shown, `clock ${where}`).toBeGreaterThanOrEqual(today);
      expect(shown, `clock ${where}`).toBeLessThanOrEqual(dayOf('01.01.2030') + advancesSent);
      today = shown;
      const seen = new Set<string>();
      for (const id of payments) {
        const life = await json(run.base, 'GET', `/emulator/recurring-payments/${id}`);
        expect(life.status, `payment ${id} ${where}`).toBe(200);
        const made: Charge[] = life.json.charges;
        // One charge a day, none skipped, none twice, through today; its index counts up from 0.
        made.forEach((charge, index) => {
          expect(charge.index, `${id} ${where}`).toBe(index);
          if (index > 0) expect(dayOf(charge.date), `${id} ${where}`).toBe(dayOf((made[index - 1] as Charge).date) + 1);
          expect(seen.has(charge.orderid), `order id ${charge.orderid} twice ${where}`).toBe(false);
          seen.add(charge.orderid);
        });
        if (made.length > 0) expect(dayOf((made.at(-1) as Charge).date), `${id} charged through today ${where}`).toBe(shown);
        // Each charge has exactly its one callback record.
        expect(
          life.json.callbacks.map((callback: { orderid: string }) => callback.orderid),
          `${id} callbacks ${where}`,
        ).toEqual(made.map((c) => c.orderid));
        for (const charge of made) {
          const acknowledged = charges.get(charge.orderid);
          if (acknowledged !== undefined) expect({ ...charge, recurringPaymentId: id }).toMatchObject(acknowledged);
        }
      }
      // Every acknowledged charge is still there.
      for (const [orderid, charge] of charges) expect(seen.has(orderid), `charge ${orderid} of ${charge.recurringPaymentId} lost ${where}`).toBe(true);
      // Order ids given in replies are never given again to a charge.
      for (const orderid of replyOrderIds) expect(seen.has(orderid), `order id ${orderid} reused ${where}`).toBe(false);
      // Every acknowledged pan-eligibility order is still there, with its merchant's order id.
      for (const [orderid, merchantOrderId] of orders) {
        const order = await json(run.base, 'GET', `/emulator/orders/${orderid}`);
        expect(order.status, `order ${orderid} lost ${where}`).toBe(200);
        expect(order.json, `order ${orderid} ${where}`).toMatchObject({ orderid, operation: 'pan-eligibility/send', merchantOrderId });
      }
      // A request acknowledged before any kill, sent again: still a replay.
      if (signed.length > 0) {
        const again = signed[Math.floor(next() * signed.length)] as { authorization: string; body: string };
        const replay = await fetch(url, {
          method: 'POST',
          headers: { Authorization: again.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: again.body,
        });
        expect(replay.status, `replay ${where}`).toBe(403);
        await replay.text();
      }
    };

    const signedRequest = async () => {
      const merchantOrderId = `o-${nonce}`;
      const request = clientSign({
        url,
        sent: [
          ['client-order-id', merchantOrderId],
          ['sending-card-ref-id', 'ref-1'],
        ],
        key: { controlKey: KEY },
        nonce: `n-${++nonce}`,
      });
      const r = await fetch(url, {
        method: 'POST',
        headers: { Authorization: request.authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: request.body,
      });
      const text = await r.text();
      if (r.status !== 200) return;
      signed.push(request);
      const reply = new URLSearchParams(text.replace(/\n/g, ''));
      for (const [name, value] of reply) if (name.includes('order')) replyOrderIds.add(value);
      orders.set(reply.get('paynet-order-id') as string, merchantOrderId);
    };

    const createPayment = async (run: Running) => {
      const id = `rp-${++created}`;
      const profile = {
        'recurring-payment-id': id,
        'client-orderid': `order-${id}`,
        'credit-card-number': '4111111111111111',
        cvv2: '321',
        amount: '1.00',
        period: 'day',
        interval: '1',
        server_callback_url: `${receiverBase}/cb`,
      };
      const r = await json(run.base, 'POST', '/emulator/recurring-payments?login=merchant&endpoint=1234', profile);
      if (r.status === 201) payments.add(id);
    };
    const step = async (run: Running) => {
      advancesSent++;
      const r = await json(run.base, 'POST', '/emulator/clock', { advanceDays: 1 });
      if (r.status !== 200) return;
      stepsAcknowledged++;
      today = Math.max(today, dayOf(r.json.today));
      // A charge acknowledged acknowledges its payment too (its creation may still be in flight).
      for (const charge of r.json.charges as Charge[]) charges.set(charge.orderid, charge), payments.add(charge.recurringPaymentId);
    };

    for (let iteration = 0; iteration <= ITERATIONS; iteration++) {
      const run = await start([
        '--port',
        String(port),
        '--state',
        dir,
        '--callback-backoff-ms',
        '3600000',
        ...(iteration === 0 ? ['--today', '01.01.2030', '--seed', '7'] : []),
      ]);
      await check(run, iteration);
      if (iteration === ITERATIONS) {
        // The last start: the receiver now answers 200 and every pending callback is delivered.
        // The refusal's reason, in the log on stderr (written a moment after the answer).
        for (let turn = 0; turn < 100 && !run.stderr().includes('replayed_nonce'); turn++) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(run.stderr()).toContain('replayed_nonce');
        run.child.kill('SIGKILL');
        await once(run.child, 'exit');
        break;
      }
      // Answered one after another before the burst: a payment, a day (so a charge to keep) and a
      // signed request (a nonce to replay after the kill).
      await createPayment(run);
      await step(run);
      await signedRequest();
      // A burst of requests, and a SIGKILL at a random moment while they are under way.
      const burst: Promise<unknown>[] = [];
      let answered = 0;
      const count = 4 + Math.floor(next() * 10);
      for (let k = 0; k < count; k++) {
        const pick = next();
        const request = pick < 0.35 ? createPayment(run) : pick < 0.6 ? step(run) : signedRequest();
        burst.push(request.then(() => answered++));
      }
      const settled = Promise.allSettled(burst);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(next() * 300)));
      run.child.kill('SIGKILL');
      inFlightAtKills += count - answered;
      await once(run.child, 'exit');
      await settled;
    }
    // The kills did cut requests short, and there were acknowledged charges to keep.
    const stats = {
      payments: payments.size,
      charges: charges.size,
      orders: orders.size,
      stepsAcknowledged,
      advancesSent,
      signed: signed.length,
      inFlightAtKills,
    };
    expect(stats.payments, JSON.stringify(stats)).toBeGreaterThan(0);
    expect(stats.charges, JSON.stringify(stats)).toBeGreaterThan(0);
    expect(stats.orders, JSON.stringify(stats)).toBeGreaterThan(0);
    expect(stats.inFlightAtKills, JSON.stringify(stats)).toBeGreaterThan(0);
    console.log(`kill -9 loop: ${JSON.stringify(stats)}`);

    // The last restart with a receiver that accepts: every charge's callback arrives.
    callbackAnswer = 200;
    callbackOrderIds.clear();
    const last = await start(['--port', String(port), '--state', dir]);
    try {
      const expected = new Set<string>();
      for (const id of payments)
        for (const charge of (await json(last.base, 'GET', `/emulator/recurring-payments/${id}`)).json.charges) expected.add(charge.orderid);
      for (let turn = 0; turn < 500 && [...expected].some((orderid) => !callbackOrderIds.has(orderid)); turn++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect([...expected].filter((orderid) => !callbackOrderIds.has(orderid))).toEqual([]);
      // No card verification value ever reached the disk (read beside the running emulator: LMDB readers never block).
      const kept = await readStateDatabase(dir);
      expect(kept.bytes.includes('cvv2')).toBe(false);
      expect(kept.payments.length).toBeGreaterThan(0);
      for (const { fields } of kept.payments) expect(Object.values(fields)).not.toContain('321');
    } finally {
      last.child.kill('SIGTERM');
      await once(last.child, 'exit');
    }
  }, 180_000);
});

describe('paysign emulator --state DIR that cannot be used', () => {
  let database: { name: string; bytes: Buffer }[];
  const goodDatabase = async (dir: string): Promise<void> => {
    await Promise.all(database.map(({ name, bytes }) => writeFile(join(dir, name), bytes, { mode: 0o600 })));
  };
  beforeAll(async () => {
    // A real state: written by the binary, stopped with SIGTERM.
    const dir = join(root, 'good');
    const run = await start(['--state', dir, '--today', '01.01.2030']);
    const created = await json(run.base, 'POST', '/emulator/recurring-payments?login=merchant&endpoint=1234', {
      'recurring-payment-id': 'rp-good',
      'credit-card-number': '4111111111111111',
      amount: '1.00',
      period: 'day',
      interval: '1',
    });
    expect(created.status).toBe(201);
    run.child.kill('SIGTERM');
    expect((await once(run.child, 'exit'))[0]).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['state.mdb', 'state.mdb-lock']); // the lock is given up on a clean stop
    database = await Promise.all(['state.mdb', 'state.mdb-lock'].map(async (name) => ({ name, bytes: await readFile(join(dir, name)) })));
  });

  /**
   * Every file under `dir` with its bytes, to show nothing was changed. LMDB's own lock file
   * (`state.mdb-lock`: its reader table, rewritten by every process that opens the database) is
   * shown by name only: it holds no state.
   */
  async function contents(dir: string): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    for (const name of await readdir(dir, { recursive: true })) {
      const path = join(dir, name);
      if (name === 'state.mdb-lock') found[name] = '(LMDB lock file)';
      else found[name] = (await stat(path)).isDirectory() ? '(directory)' : (await readFile(path)).toString('base64');
    }
    return found;
  }

  const cases: [string, (dir: string) => Promise<void>, string, string[]?][] = [
    ['holds files of something else', (dir) => writeFile(join(dir, 'notes.txt'), 'mine'), 'holds "notes.txt", which is not part of an emulator state'],
    [
      'holds the state.json of an unpublished older format',
      (dir) => writeFile(join(dir, 'state.json'), '{"format":"paysign-emulator-state","version":2}\n{}', { mode: 0o600 }),
      'holds "state.json", which is not part of an emulator state',
    ],
    [
      'is in use by a live emulator',
      async (dir) => (await goodDatabase(dir), writeFile(join(dir, 'lock'), `${process.pid}\n`, { mode: 0o600 })),
      `in use by the emulator of process ${process.pid}`,
    ],
    ['holds a state, and --profiles is given', goodDatabase, '--profiles: only for a new state', ['--profiles', 'profiles.json']],
    ['holds a state kept on the virtual clock, and the clock is system', goodDatabase, 'kept on the virtual clock', ['--clock', 'system']],
  ];

  it.each(cases)('a DIR that %s is refused at start with exit 2 and a clear message, and left as it is', async (_name, prepare, message, extra = []) => {
    const dir = await mkdtemp(join(root, 'bad-'));
    await prepare(dir);
    const before = await contents(dir);
    const result = paysign(['emulator', '--login', 'merchant', '--clock', 'virtual', '--state', dir, ...extra], { PAYSIGN_CONTROL_KEY: KEY });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).not.toContain('listening');
    expect(result.stderr).not.toContain(KEY);
    expect(await contents(dir)).toEqual(before);
  });

  it('a path that is a file is refused with exit 2 and left as it is', async () => {
    const file = join(root, 'a-file');
    await writeFile(file, 'not a directory');
    const result = paysign(['emulator', '--login', 'merchant', '--state', file], { PAYSIGN_CONTROL_KEY: KEY });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is not a directory');
    expect(await readFile(file, 'utf8')).toBe('not a directory');
  });
});
