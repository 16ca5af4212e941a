import type { EngineSnapshot } from '../recurring/recurring-engine.js';

/**
 * Everything an emulator keeps across a restart, as plain JSON data: the clock, the seed of the
 * random amounts, the order-id counter, the recurring payments (without `cvv2`) and their
 * owners, the engine's charges and callbacks, the used nonces still inside the timestamp window,
 * and the full addresses of the callbacks still being delivered.
 *
 * @example
 * ```ts
 * import type { EmulatorSnapshot } from '@paysign/emulator';
 *
 * const backend = { initial: undefined, save: async (snapshot: EmulatorSnapshot) => console.log(snapshot.profiles.length) };
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
}

/**
 * Where an emulator's state survives a restart: the state it starts from (`undefined` for a new
 * one) and `save`, called with the whole state after every request that may have changed it and
 * before that request is answered. `openStateDirectory` of `@paysign/emulator/node` is the file
 * implementation behind `paysign emulator --state DIR`.
 *
 * @example
 * ```ts
 * import { createEmulator, type EmulatorStateBackend } from '@paysign/emulator';
 *
 * let saved: EmulatorSnapshot | undefined;
 * const state: EmulatorStateBackend = { initial: saved, save: async (snapshot) => void (saved = structuredClone(snapshot)) };
 * const emulator = createEmulator({ merchants, clock: 'virtual', state });
 * ```
 */
export interface EmulatorStateBackend {
  readonly initial: EmulatorSnapshot | undefined;
  save(snapshot: EmulatorSnapshot): Promise<void>;
}
