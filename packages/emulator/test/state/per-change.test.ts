// Issue #29 item 5: --state writes what a request changed, never the whole state. Over HTTP
// against an emulator holding 1,000 payments in a state directory, each write is recorded on its
// way to the database: an update of one payment writes that payment and its nonce; a
// pan-eligibility request writes its nonce and the order-id counter; refused requests write nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorStateBackend, StateChanges } from '@paysign/emulator';
import { openStateDirectory, serve, type RunningEmulator, type StateDirectory } from '@paysign/emulator/node';
import { handPayload, handSign, post, readReply } from '../independent-signer.js';
import { merchant } from '../recurring/helpers.js';
import { readStateDatabase } from './read-state-db.js';

const hmac: { method: 'HMAC-SHA1'; controlKey: string } = { method: 'HMAC-SHA1', controlKey: merchant.controlKey };
const card = { 'credit-card-number': '4111111111111111', 'card-printed-name': 'JOSE MULLER', 'expire-year': '2035', 'expire-month': '12', currency: 'EUR' };
let root: string;
let state: StateDirectory;
let server: RunningEmulator;
const writes: StateChanges[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'paysign-per-change-'));
  state = await openStateDirectory(join(root, 'state'));
  const recorded: EmulatorStateBackend = {
    get initial() {
      return state.initial;
    },
    async write(changes) {
      writes.push(structuredClone(changes));
      await state.write(changes);
    },
  };
  const profiles = Array.from({ length: 1000 }, (_, i) => ({
    'recurring-payment-id': `rp-${i}`,
    ...card,
    amount: '5.00',
    period: 'month',
    interval: '1',
    'start-date': '01.06.2030',
  }));
  server = await serve({
    merchants: [merchant],
    clock: 'virtual',
    today: '01.01.2030',
    profiles,
    log: () => {},
    state: recorded,
    publicOrigin: 'http://emulator.test',
  });
  await server.emulator.persist();
  // The engine schedules new payments at its first run (here on the virtual clock, where nothing is due).
  await server.emulator.recurring.runThrough();
  await server.emulator.persist();
});
afterAll(async () => {
  await server.close();
  await state.close();
  await rm(root, { recursive: true, force: true });
});

const send = (path: string, params: [string, string][], key = hmac) =>
  post(`${server.url}${path}`, handSign(`http://emulator.test${path}`, 'merchant', key, params));

describe('--state writes per change', () => {
  it('a new state is written whole once, at the first persist, and each payment once more when the engine first schedules it', () => {
    expect(writes).toHaveLength(2);
    expect(writes[0]?.payments).toHaveLength(1000);
    expect(writes[0]?.payments.every((payment) => payment.engine === null)).toBe(true);
    expect(writes[0]?.meta).toMatchObject({ clock: { mode: 'virtual', today: 21915 }, orderIds: 0 });
    expect(writes[1]?.payments).toHaveLength(1000);
    expect(writes[1]?.payments.every((payment) => payment.engine?.scheduledOn === 21915)).toBe(true);
  });

  it('an update of one payment writes that payment and the nonce, nothing else', async () => {
    writes.length = 0;
    const reply = await send('/payment/api/v4/update-recurring-payments/1234', [
      ['payload', handPayload([{ 'recurring-payment-id': 'rp-7', 'client-orderid': 'order-7', cvv2: '321', ...card, amount: '7.00' }])],
    ]);
    expect(readReply(reply.text), reply.text).toMatchObject({ type: 'update-recurring-payment-response' });
    expect(writes).toHaveLength(1);
    expect(writes[0]?.payments.map((payment) => [payment.id, payment.revision, payment.fields.amount, payment.owner])).toEqual([
      ['rp-7', 1, '7.00', { login: 'merchant', endpointId: '1234' }],
    ]);
    expect(writes[0]?.nonces).toHaveLength(1);
    expect(writes[0]?.meta).toBeUndefined();
    expect(writes[0]?.callbacks).toEqual([]);
    // What the database holds for it (read from outside): the updated record, among the 1,000.
    const stored = await readStateDatabase(join(root, 'state'));
    expect(stored.payments).toHaveLength(1000);
    expect(stored.payments.find((payment) => payment.id === 'rp-7')?.fields.amount).toBe('7.00');
  });

  it('a pan-eligibility request writes its nonce and the order-id counter', async () => {
    writes.length = 0;
    const reply = await send('/payment/api/v2/pan-eligibility/send/1234', [
      ['client-order-id', 'o-1'],
      ['sending-card-ref-id', 'ref-1'],
    ]);
    expect(reply.status).toBe(200);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ payments: [], callbacks: [], meta: { orderIds: 1 } });
    expect(writes[0]?.nonces).toHaveLength(1);
  });

  it('refused requests write nothing, and a replay of an accepted one neither', async () => {
    writes.length = 0;
    const path = '/payment/api/v2/pan-eligibility/send/1234';
    const params: [string, string][] = [
      ['client-order-id', 'o-2'],
      ['sending-card-ref-id', 'ref-1'],
    ];
    const signed = handSign(`http://emulator.test${path}`, 'merchant', hmac, params);
    expect((await post(`${server.url}${path}`, signed)).status).toBe(200);
    expect(writes).toHaveLength(1);
    expect((await post(`${server.url}${path}`, signed)).status).toBe(403);
    expect((await send(path, params, { method: 'HMAC-SHA1', controlKey: 'wrong' })).status).toBe(403);
    expect((await fetch(`${server.url}/nowhere`, { method: 'POST', body: 'x=1' })).status).toBe(404);
    await server.emulator.persist();
    expect(writes).toHaveLength(1);
  });

  it('a new state: not restored, no initial state', () => {
    expect(state.restored).toBe(false);
    expect(state.initial).toBeUndefined();
  });
});
