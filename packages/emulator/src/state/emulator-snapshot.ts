import type { OrderRecord } from '../orders/order-record.js';
import type { EngineSnapshot } from '../recurring/engine-snapshot.js';

/**
 * Everything an emulator keeps across a restart, as plain JSON data: the clock, the seed of the
 * random amounts, the order-id counter, the recurring payments (without `cvv2`) and their
 * owners, the engine's charges and callbacks, the used nonces still inside the timestamp window,
 * the full addresses of the callbacks still being delivered, and the orders of transfers and
 * pan-eligibility checks (`orders`: absent in a state kept before they were part of it).
 *
 * @example
 * ```ts
 * import type { EmulatorSnapshot } from '@paysign/emulator';
 *
 * const state = await openStateDirectory('.emulator-state');
 * const restored: EmulatorSnapshot | undefined = state.initial;
 * console.log(restored?.profiles.length ?? 'a new state');
 * ```
 */
export interface EmulatorSnapshot {
  clock: { mode: 'virtual' | 'system'; today: number };
  seed: number;
  orderIds: number;
  profiles: { id: string; revision: number; fields: Record<string, string> }[];
  owners: { id: string; login: string; endpointId: string }[];
  engine: EngineSnapshot;
  nonces: { key: string; expiresAt: number; scope: string | null }[];
  pendingCallbacks: { recurringPaymentId: string; orderid: string; url: string }[];
  orders?: OrderRecord[];
}

/**
 * One recurring payment as a state keeps it: the stored profile (never a `cvv2`), its owner and
 * its state in time (`null` while the engine has not scheduled it yet).
 *
 * @example
 * ```ts
 * import type { PaymentRecord } from '@paysign/emulator';
 *
 * const record: PaymentRecord = { id: '7701', revision: 0, fields: { amount: '10.00' }, owner: null, engine: null };
 * ```
 */
export interface PaymentRecord {
  id: string;
  revision: number;
  fields: Record<string, string>;
  owner: { login: string; endpointId: string } | null;
  engine: EngineSnapshot['payments'][number] | null;
}

/**
 * What changed in an emulator since the last write, written in one transaction: the clock, seed
 * and order-id counter when they moved, each payment that changed (whole, as a {@link PaymentRecord}),
 * each nonce spent, the addresses of callbacks that started (`url`) or ended (`url: null`), and each
 * order of a transfer or pan-eligibility check that changed.
 *
 * @example
 * ```ts
 * import type { StateChanges } from '@paysign/emulator';
 *
 * const changes: StateChanges = { payments: [], nonces: [{ key: 'merchant:n-1', expiresAt: 1_900_000_301, scope: 'merchant' }], callbacks: [], orders: [] };
 * ```
 */
export interface StateChanges {
  meta?: { clock: { mode: 'virtual' | 'system'; today: number }; seed: number; orderIds: number };
  payments: PaymentRecord[];
  nonces: { key: string; expiresAt: number; scope: string | null }[];
  callbacks: { recurringPaymentId: string; orderid: string; url: string | null }[];
  /** Each order that changed, as it is now (`record: null` once the order book forgot it). */
  orders: { orderid: string; record: OrderRecord | null }[];
}

/**
 * Where an emulator's state survives a restart: the state it starts from (`undefined` for a new
 * one) and `write`, called with what changed after every request that changed something (never
 * after a refused one: nothing changed) and before that request is answered, and within a second
 * of a callback attempt. A write must apply all of its changes or none. `openStateDirectory` of
 * `@paysign/emulator/node` is the implementation behind `paysign emulator --state DIR` (an
 * embedded LMDB database); the in-memory emulator itself needs no database.
 *
 * @example
 * ```ts
 * import { createEmulator, type EmulatorStateBackend, type StateChanges } from '@paysign/emulator';
 *
 * const log: StateChanges[] = [];
 * const state: EmulatorStateBackend = { initial: undefined, write: async (changes) => void log.push(structuredClone(changes)) };
 * const emulator = createEmulator({ merchants, clock: 'virtual', state });
 * ```
 */
export interface EmulatorStateBackend {
  readonly initial: EmulatorSnapshot | undefined;
  write(changes: StateChanges): Promise<void>;
  /** Called once the emulator has put `initial` back: the backend need not keep it any longer (100,000 payments are ~35 MB of objects). */
  releaseInitial?(): void;
}
