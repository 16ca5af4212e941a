// Issue 35 ("attacked by nobody yet"): orders in `paysign emulator --state DIR` across kill -9
// with a callback retry due. The real binary, a real receiver: a pan-eligibility order's callback is
// refused (503) by the app, and the emulator is SIGKILLed while the retry that was due is in flight
// at the app, or while the retry falls due with the emulator down. Restarted on the same DIR with
// the app up, the callback is delivered exactly once, promptly, and the order shows it delivered.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServingCli, type ServingCli } from '../../../packages/cli/test/run-cli.js';
import { freePort } from '../../../scripts/test-support/free-port.mjs';
import { sendPanEligibilityOrder, sleep, until } from '../support/state-emulators.js';

const KEY = 'state-retries-control-key';
const BACKOFF_MS = 1_500;

let root: string;
let receiver: Server;
let callbackUrl: string;
/** How the app answers the next arrival: a status, or 'hold' (never answers: in flight at the kill). */
let answer: number | 'hold' = 503;
const arrivals: { orderid: string; at: number; answered: number | 'held' }[] = [];
const held: ServerResponse[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-state-retries-'));
  receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
    // Each emulator numbers its orders from 1: an arrival is told apart by the merchant's order id too.
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    const orderid = `${query.get('orderid')}/${query.get('merchant_order')}`;
    if (answer === 'hold') {
      arrivals.push({ orderid, at: Date.now(), answered: 'held' });
      held.push(response);
      return;
    }
    arrivals.push({ orderid, at: Date.now(), answered: answer });
    response.writeHead(answer).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callbacks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await rm(root, { recursive: true, force: true });
});

function start(dir: string, port: number): Promise<ServingCli> {
  const args = ['emulator', '--login', 'merchant', '--endpoint-id', '1234', '--port', String(port), '--state', dir];
  args.push('--outcome-delay-ms', '0', '--callback-url', callbackUrl, '--callback-attempts', '10', '--callback-backoff-ms', String(BACKOFF_MS));
  return startServingCli(args, { PAYSIGN_CONTROL_KEY: KEY });
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

const of = (orderid: string) => arrivals.filter((arrival) => arrival.orderid === orderid);

describe('paysign emulator --state DIR: kill -9 with a callback retry due (issue 35)', () => {
  for (const moment of ['in flight at the app', 'falling due while the emulator is down'] as const) {
    it(`the retry ${moment}: after the restart the callback is delivered exactly once, and shown delivered`, async () => {
      const dir = join(root, moment.replace(/\W+/g, '-'));
      const port = await freePort();
      answer = 503;
      const first = await start(dir, port);
      const merchantOrderId = `o-${moment.replace(/\W+/g, '-')}`;
      let gatewayOrderId: string;
      let orderid: string;
      try {
        gatewayOrderId = await sendPanEligibilityOrder(first.base, KEY, merchantOrderId);
        orderid = `${gatewayOrderId}/${merchantOrderId}`;
        await until(() => of(orderid).length === 1, 'the first attempt, refused');
        const refusedAt = of(orderid)[0]!.at;
        if (moment === 'in flight at the app') {
          // The retry falls due 1.5 s after the refusal: the app takes it and never answers.
          answer = 'hold';
          await until(() => of(orderid).length === 2, 'the retry that fell due');
        } else {
          await sleep(refusedAt + BACKOFF_MS / 3 - Date.now());
        }
      } finally {
        await killHard(first.child);
      }
      for (const response of held.splice(0)) response.destroy();
      const before = of(orderid).length;
      if (moment === 'falling due while the emulator is down') {
        expect(before).toBe(1);
        await sleep(BACKOFF_MS + 500); // the retry's time passes with nobody to send it
      }
      answer = 200;
      const second = await start(dir, port);
      try {
        const restartedAt = Date.now();
        await until(() => of(orderid).some((arrival) => arrival.answered === 200), 'the delivery after the restart');
        const delivered = of(orderid).find((arrival) => arrival.answered === 200)!;
        // Due already (or overdue): sent at once after the restart, not a whole backoff later.
        expect(delivered.at - restartedAt).toBeLessThan(BACKOFF_MS * 4);
        const view = async () => (await (await fetch(`${second.base}/emulator/orders/${gatewayOrderId}`)).json()) as { callbacks: { state: string }[] };
        await until(async () => (await view()).callbacks[0]?.state === 'delivered', 'delivered');
        expect((await view()).callbacks).toHaveLength(1);
        // Nothing more arrives: delivered once.
        await sleep(BACKOFF_MS * 2);
        expect(of(orderid).filter((arrival) => arrival.answered === 200)).toHaveLength(1);
        expect(
          of(orderid)
            .slice(before)
            .map((arrival) => arrival.answered),
        ).toEqual([200]);
      } finally {
        second.child.kill('SIGTERM');
        await once(second.child, 'exit');
      }
    }, 60_000);
  }
});
