// Reads a state directory's database as the tests see it from outside: with lmdb itself, not with
// the emulator's code, after the emulator closed it (or beside it: LMDB readers never block).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { open } from 'lmdb';
import type { EmulatorSnapshot, OrderRecord } from '@paysign/emulator';

export interface StoredState {
  meta: Record<string, unknown> | undefined;
  payments: { id: string; revision: number; fields: Record<string, string>; owner: unknown; engine: any }[];
  nonces: { expiresAt: number; key: string; scope: unknown }[];
  callbacks: { recurringPaymentId: string; orderid: string; url: string }[];
  orders: OrderRecord[];
  /** The raw bytes of state.mdb, to look for what must never be on disk. */
  bytes: Buffer;
}

export async function readStateDatabase(dir: string): Promise<StoredState> {
  const env = open({ path: join(dir, 'state.mdb'), noSubdir: true, readOnly: true });
  try {
    // The payments' records share their msgpack structures (as the emulator writes them).
    const db = (name: string) => env.openDB({ name, ...(name === 'payments' && { sharedStructuresKey: Symbol.for('structures') }) });
    return {
      meta: db('meta').get('meta'),
      payments: [...db('payments').getRange({})].map(({ value }) => value),
      nonces: [...db('nonces').getRange({})].map(({ key, value }) => ({
        expiresAt: (key as [number, string])[0],
        key: (key as [number, string])[1],
        scope: value,
      })),
      callbacks: [...db('callbacks').getRange({})].map(({ key, value }) => ({
        recurringPaymentId: (key as [string, string])[0],
        orderid: (key as [string, string])[1],
        url: value,
      })),
      orders: [...db('orders').getRange({})].map(({ value }) => value),
      bytes: await readFile(join(dir, 'state.mdb')),
    };
  } finally {
    await env.close();
  }
}

/** A state as an emulator of state version 2 kept it: one payment with an owner, a charge, a pending callback, a spent nonce. */
export function legacySnapshot(): EmulatorSnapshot {
  return {
    clock: { mode: 'virtual', today: 21916 },
    seed: 9,
    orderIds: 41,
    profiles: [
      {
        id: 'rp-v2',
        revision: 1,
        fields: { 'recurring-payment-id': 'rp-v2', 'credit-card-number': '4111111111111111', amount: '2.50', period: 'day', interval: '1' },
      },
    ],
    owners: [{ id: 'rp-v2', login: 'merchant', endpointId: '1234' }],
    engine: {
      payments: [
        {
          id: 'rp-v2',
          revision: 1,
          scheduledOn: 21915,
          from: 21917,
          index: 1,
          counterField: null,
          lastChargedDay: 21916,
          charges: [{ recurringPaymentId: 'rp-v2', index: 0, date: '02.01.2030', amount: '2.50', status: 'approved', orderid: '41' }],
          callbacks: [{ orderid: '41', url: 'http://127.0.0.1:9/cb', attempts: 1, lastStatus: 'network-error', state: 'pending' }],
        },
      ],
    },
    nonces: [{ key: 'merchant:n-spent', expiresAt: 4_000_000_000, scope: 'merchant' }],
    pendingCallbacks: [{ recurringPaymentId: 'rp-v2', orderid: '41', url: 'http://127.0.0.1:9/cb?orderid=41&status=approved' }],
  };
}

/** `DIR/state.json` of state version 2 (or `version`): a first line with the format, version, length and sha256, the state on the second. */
export function legacyStateFile(snapshot: EmulatorSnapshot, version = 2): Buffer {
  const body = Buffer.from(JSON.stringify(snapshot));
  const sha256 = createHash('sha256').update(body).digest('hex');
  return Buffer.concat([Buffer.from(`${JSON.stringify({ format: 'paysign-emulator-state', version, bytes: body.length, sha256 })}\n`), body]);
}
