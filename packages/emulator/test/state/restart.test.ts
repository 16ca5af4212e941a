// Issue #22 item 4: a restarted emulator (same state directory) has the payments, charges,
// owners, clock, used nonces and pending callbacks it had; the file never holds a cvv2.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorEvent } from '@paysign/emulator';
import { openStateDirectory, serve, type RunningEmulator, type StateDirectory } from '@paysign/emulator/node';
import { handPayload, handSign, post, readReply } from '../independent-signer.js';
import { merchant, type Life } from '../recurring/helpers.js';
import { readStateDatabase } from './read-state-db.js';

const hmac = { method: 'HMAC-SHA1', controlKey: merchant.controlKey } as const;
let dir: string;
let receiver: Server;
let base: string;
let answer = 503;
const arrivals: URL[] = [];
const events: EmulatorEvent[] = [];

beforeAll(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'paysign-state-')), 'state');
  receiver = createServer((request, response) => {
    arrivals.push(new URL(request.url ?? '/', 'http://127.0.0.1'));
    response.writeHead(answer).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function start(options: { today?: string } = {}): Promise<{ server: RunningEmulator; state: StateDirectory }> {
  const state = await openStateDirectory(dir);
  const server = await serve({
    merchants: [merchant],
    clock: 'virtual',
    // Signatures name this origin, so a request signed for the first server is the same request to the second.
    publicOrigin: 'http://emulator.test',
    ...options,
    callbackAttempts: 5,
    callbackBackoffMs: 200,
    log: (event) => events.push(event),
    state,
  });
  return { server, state };
}
async function stop({ server, state }: { server: RunningEmulator; state: StateDirectory }): Promise<void> {
  await server.close();
  await state.close();
}
const json = async (server: RunningEmulator, method: 'GET' | 'POST', path: string, body?: unknown) =>
  (
    await fetch(`${server.url}${path}`, { method, ...(body !== undefined && { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }) })
  ).json() as Promise<any>;
const life = (server: RunningEmulator, id: string) => json(server, 'GET', `/emulator/recurring-payments/${id}`) as Promise<Life>;

describe('an emulator restarted on its --state directory', () => {
  it('keeps payments, owners, charges, the clock, the order ids and the used nonces; resumes the pending callbacks; never writes a cvv2', async () => {
    const first = await start({ today: '01.01.2030' });
    const row = {
      'recurring-payment-id': 'rp-kept',
      'client-orderid': 'order-kept',
      'credit-card-number': '4111111111111111',
      cvv2: '987',
      amount: '3.00',
      period: 'day',
      interval: '1',
      'start-date': '02.01.2030',
      'max-repeats-number': '5',
      server_callback_url: `${base}/cb?token=t`,
    };
    const created = await fetch(`${first.server.url}/emulator/recurring-payments?login=merchant&endpoint=1234`, {
      method: 'POST',
      body: JSON.stringify(row),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(created.status).toBe(201);
    const moved = await json(first.server, 'POST', '/emulator/clock', { advanceDays: 2 });
    expect(moved.charges).toHaveLength(2);
    // A signed update over HTTP: the amount changes from the next charge on.
    const path = '/payment/api/v4/update-recurring-payments/1234';
    const target = `http://emulator.test${path}`;
    const { server_callback_url: _, ...card } = row;
    const update = { ...card, cvv2: '654', 'card-printed-name': 'JOSE MULLER', 'expire-year': '2035', 'expire-month': '12', currency: 'EUR', amount: '4.00' };
    const signed = handSign(target, 'merchant', hmac, [['payload', handPayload([update])]]);
    const updated = await post(`${first.server.url}${path}`, signed);
    expect(readReply(updated.text).type).toBe('update-recurring-payment-response');
    const before = await life(first.server, 'rp-kept');
    expect(before.callbacks.map((callback) => callback.state)).toEqual(['pending', 'pending']);
    await stop(first);

    const kept = await readStateDatabase(dir);
    expect(kept.payments).toHaveLength(1);
    expect(Object.values(kept.payments[0]?.fields ?? {})).not.toContain('987');
    expect(Object.values(kept.payments[0]?.fields ?? {})).not.toContain('654');
    expect(kept.payments[0]?.fields).not.toHaveProperty('cvv2');
    expect(kept.bytes.includes('cvv2')).toBe(false);
    expect(kept.bytes.includes('4111111111111111')).toBe(true); // the same bytes do hold the stored card

    answer = 200;
    arrivals.length = 0;
    const second = await start();
    try {
      expect(await json(second.server, 'GET', '/emulator/clock')).toEqual({ today: '03.01.2030', clock: 'virtual' });
      const after = await life(second.server, 'rp-kept');
      expect(after.fields.amount).toBe('4.00');
      expect(after.charges).toEqual(before.charges);
      expect(after.currentRepeatsNumber).toBe(before.currentRepeatsNumber);
      // The same signed request again: still a replay.
      expect((await post(`${second.server.url}${path}`, signed)).status).toBe(403);
      expect(events.at(-1)).toMatchObject({ kind: 'refused', reason: 'replayed_nonce' });
      // The owner is kept: another endpoint of the same login sees no such payment.
      expect(second.server.emulator.owners.get('rp-kept')).toEqual({ login: 'merchant', endpointId: '1234' });
      // The pending callbacks are delivered, from the attempts they had reached.
      await second.server.emulator.recurring.callbacksSettled();
      const delivered = await life(second.server, 'rp-kept');
      expect(delivered.callbacks.map((callback) => callback.state)).toEqual(['delivered', 'delivered']);
      expect(new Set(arrivals.map((url) => url.searchParams.get('orderid')))).toEqual(new Set(before.charges.map((charge) => charge.orderid)));
      // The next charge gets a new order id (the counter was kept), at the updated amount.
      const next = await json(second.server, 'POST', '/emulator/clock', { advanceDays: 1 });
      expect(next.charges).toEqual([expect.objectContaining({ amount: '4.00', date: '04.01.2030' })]);
      expect(before.charges.map((charge) => charge.orderid)).not.toContain(next.charges[0].orderid);
    } finally {
      await stop(second);
    }
  });

  it('refuses options that the saved state decides, and leaves it as it is', async () => {
    const file = await readFile(join(dir, 'state.mdb'));
    const state = await openStateDirectory(dir);
    try {
      await expect(serve({ merchants: [merchant], clock: 'virtual', today: '01.01.2031', log: () => {}, state })).rejects.toMatchObject({
        code: 'INVALID_STATE',
        message: expect.stringContaining('today only starts a new state'),
      });
      await expect(serve({ merchants: [merchant], clock: 'system', log: () => {}, state })).rejects.toMatchObject({
        code: 'INVALID_STATE',
        message: expect.stringContaining('kept on the virtual clock'),
      });
    } finally {
      await state.close();
    }
    expect(await readFile(join(dir, 'state.mdb'))).toEqual(file);
  });
});
