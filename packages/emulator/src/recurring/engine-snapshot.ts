import type { CallbackDelivery } from '../callbacks/callback-sender.js';
import type { StoredProfile } from '../store/profile-store.js';
import { readRules, reindex, type ChargeRecord, type PaymentBook, type PaymentState } from './payment-state.js';

/**
 * The recurring engine's state as plain JSON data: one entry per payment, its schedule's
 * position, its charges and its callback deliveries (the schedule itself is read again from the
 * stored profile).
 *
 * @example
 * ```ts
 * import type { EmulatorSnapshot, EngineSnapshot } from '@paysign/emulator';
 *
 * const saved: EngineSnapshot | undefined = (state.initial as EmulatorSnapshot | undefined)?.engine;
 * console.log(saved?.payments.length ?? 'a new state');
 * ```
 */
export interface EngineSnapshot {
  payments: {
    id: string;
    revision: number;
    scheduledOn: number;
    from: number;
    index: number;
    counterField: string | null;
    lastChargedDay: number | null;
    /** The day of a manual stop; absent or `null` when none holds. */
    stoppedOn?: number | null;
    charges: ChargeRecord[];
    callbacks: CallbackDelivery[];
  }[];
}

/**
 * Every payment's state in time, or those of `ids` the book holds, as plain copies.
 *
 * @example
 * ```ts
 * const saved = snapshotOf(book, ['7701']);
 * ```
 */
export function snapshotOf(book: PaymentBook, ids?: Iterable<string>): EngineSnapshot {
  const entries =
    ids === undefined ? [...book.states] : [...ids].flatMap((id) => (book.states.has(id) ? [[id, book.states.get(id) as PaymentState] as const] : []));
  return {
    payments: entries.map(([id, state]) => ({
      id,
      revision: state.revision,
      scheduledOn: state.scheduledOn,
      from: state.from,
      index: state.index,
      counterField: state.counterField ?? null,
      lastChargedDay: state.lastChargedDay ?? null,
      stoppedOn: state.stoppedOn ?? null,
      charges: state.charges.map((charge) => ({ ...charge })),
      callbacks: state.callbacks.map((delivery) => ({ ...delivery })),
    })),
  };
}

/**
 * Puts saved states back into the book, for the payments the store holds, and resolves to their
 * callback deliveries (for the caller to resume the pending ones).
 *
 * @example
 * ```ts
 * const deliveries = restoreStates(book, saved.engine, new Map(profiles.map((profile) => [profile.id, profile])));
 * ```
 */
export function restoreStates(
  book: PaymentBook,
  snapshot: EngineSnapshot,
  stored: ReadonlyMap<string, StoredProfile>,
): { recurringPaymentId: string; delivery: CallbackDelivery }[] {
  const deliveries: { recurringPaymentId: string; delivery: CallbackDelivery }[] = [];
  for (const saved of snapshot.payments) {
    const profile = stored.get(saved.id);
    if (profile === undefined) continue;
    const state: PaymentState = {
      revision: saved.revision,
      // Read again from the profile; if the profile moved on since, the next sync replaces it.
      rules: readRules(profile),
      scheduledOn: saved.scheduledOn,
      from: saved.from,
      index: saved.index,
      counterField: saved.counterField ?? undefined,
      lastChargedDay: saved.lastChargedDay ?? undefined,
      stoppedOn: saved.stoppedOn ?? undefined,
      charges: saved.charges.map((charge) => ({ ...charge })),
      callbacks: saved.callbacks.map((delivery) => ({ ...delivery })),
    };
    book.states.set(saved.id, state);
    for (const charge of state.charges) book.chargeOwners.set(charge.orderid, saved.id);
    // The index of next charges knows only what sync and runs put in it: a restored payment
    // whose revision is unchanged is skipped by sync, so it is indexed here.
    reindex(book, saved.id, state);
    for (const delivery of state.callbacks) deliveries.push({ recurringPaymentId: saved.id, delivery });
  }
  return deliveries;
}
