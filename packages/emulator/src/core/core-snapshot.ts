// The core's state as plain data, out (`snapshotOf`: what a write of --state holds) and back in
// (`restoreInto`: a saved state put back before the first request).
import type { NonceStore } from '@paysign/oauth-core';
import type { CallbackSender } from '../callbacks/callback-sender.js';
import type { EmulatorClock } from '../clock/emulator-clock.js';
import type { PaymentOwners } from '../merchants/payment-owners.js';
import type { OrderRecord } from '../orders/order-record.js';
import type { OrderStore } from '../orders/order-book.js';
import type { ChargeEngine } from '../recurring/recurring-engine.js';
import type { EmulatorSnapshot, PaymentRecord, StateChanges } from '../state/emulator-snapshot.js';
import type { ProfileStore } from '../store/profile-store.js';
import type { ChangeLog, TakenChanges } from './change-log.js';

/** The parts of a core whose state is kept, as the core holds them. */
export interface KeptParts {
  profiles: ProfileStore;
  owners: PaymentOwners;
  clock: EmulatorClock;
  engine: ChargeEngine;
  orders: OrderStore;
  /** Decides the restored `processing` orders when due. */
  resumeOrders(records: readonly OrderRecord[]): void;
  sender: CallbackSender;
  /** The verifier's nonce store itself (what is put back into it is not accepted again). */
  nonces: NonceStore;
  now: () => number;
  seed: number;
  orderIds: () => number;
}

/** {@link StateChanges} with its clock, seed and order-id counter always given. */
export type Snapshot = StateChanges & { meta: NonNullable<StateChanges['meta']> };

/**
 * Takes the change log and reads the records it names as they are now, with the clock, seed and
 * counter. Both happen between two runs of the engine (no charge without the rest of its run: its
 * callback and that callback's address, the day the run reached), and from the engine on without
 * an await: one consistent moment.
 *
 * @example
 * ```ts
 * const { taken, state } = await snapshotOf(parts, changes);
 * ```
 */
export function snapshotOf(parts: KeptParts, changes: ChangeLog): Promise<{ taken: TakenChanges; state: Snapshot }> {
  return parts.engine.exclusive(async () => {
    const taken = changes.take();
    const profiles = [];
    for (const id of taken.payments) {
      const profile = await parts.profiles.get(id);
      if (profile !== undefined) profiles.push(profile);
    }
    const engine = new Map(parts.engine.snapshot(taken.payments).payments.map((payment) => [payment.id, payment]));
    const payments: PaymentRecord[] = profiles.map(({ id, revision, fields }) => {
      const owner = parts.owners.get(id);
      return {
        id,
        revision,
        fields: { ...fields },
        owner: owner === undefined ? null : { login: owner.login, endpointId: owner.endpointId },
        engine: engine.get(id) ?? null,
      };
    });
    const state: Snapshot = {
      meta: { clock: { mode: parts.clock.mode, today: parts.clock.today() }, seed: parts.seed, orderIds: parts.orderIds() },
      payments,
      nonces: [...taken.nonces].map(([key, { expiresAt, scope }]) => ({ key, expiresAt, scope })),
      callbacks: [...taken.callbacks.values()],
      orders: parts.orders.records(taken.orders),
    };
    return { taken, state };
  });
}

/**
 * Puts a saved state back into a new core's parts (owners, nonces, the engine, orders) and resumes
 * the callbacks that were still pending, from the attempt they had reached. What it puts back is
 * not recorded as changed (it is what the state holds); what the catch-up run (`runThrough`) then
 * makes is.
 *
 * @example
 * ```ts
 * await restoreInto(parts, saved, changes, () => recurring.runThrough());
 * ```
 */
export async function restoreInto(
  parts: KeptParts,
  saved: EmulatorSnapshot,
  changes: ChangeLog | undefined,
  runThrough: () => Promise<unknown>,
): Promise<void> {
  if (changes !== undefined) changes.muted = true;
  try {
    for (const { id, login, endpointId } of saved.owners) parts.owners.claim(id, { login, endpointId });
    const now = parts.now();
    for (const { key, expiresAt, scope } of saved.nonces) if (expiresAt > now) await parts.nonces.remember(key, expiresAt, scope ?? undefined);
    const deliveries = await parts.engine.restore(saved.engine);
    const addresses = new Map(saved.pendingCallbacks.map((callback) => [`${callback.recurringPaymentId}\n${callback.orderid}`, callback.url]));
    for (const { recurringPaymentId, delivery } of deliveries) {
      const url = addresses.get(`${recurringPaymentId}\n${delivery.orderid}`);
      if (delivery.state === 'pending' && url !== undefined)
        parts.sender.send(delivery, new URL(url), { kind: 'payment', id: recurringPaymentId, label: recurringPaymentId });
    }
    parts.resumeOrders(saved.orders ?? []);
  } finally {
    if (changes !== undefined) changes.muted = false;
  }
  // What the request in flight at the stop may have left undone (an update's charges due today).
  await runThrough();
}
