import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { open } from 'lmdb';
import type { OrderRecord } from '@paysign/emulator';

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
