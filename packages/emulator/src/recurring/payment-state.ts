import { readScheduleRules, scheduledCharges, type ScheduleRules } from '@paysign/protocol/schedule';
import type { CallbackDelivery } from '../callbacks/callback-sender.js';
import type { FinalOutcome } from '../orders/test-cards.js';
import type { StoredProfile } from '../store/profile-store.js';
import { NextChargeIndex } from './next-charge-index.js';

/**
 * One charge the emulator made.
 *
 * @example
 * ```ts
 * import type { ChargeRecord } from '@paysign/emulator';
 *
 * const charges: ChargeRecord[] = await emulator.recurring.runThrough(emulator.clock.today() + 60);
 * for (const charge of charges) console.log(charge.recurringPaymentId, charge.date, charge.amount, charge.status);
 * ```
 */
export interface ChargeRecord {
  recurringPaymentId: string;
  /** The repeats counter at this charge (rule 9). */
  index: number;
  /** `DD.MM.YYYY`. */
  date: string;
  amount: string;
  /** Approved unless its card is declined (`declineCards`, a test card) or a trigger set another. */
  status: FinalOutcome;
  /** The gateway's order id of this charge. */
  orderid: string;
}

/** One payment's state in time: where its schedule stands, its charges and their callbacks. */
export interface PaymentState {
  revision: number;
  rules: ScheduleRules | undefined;
  /** The day the schedule was (re)set: rule 10's "current date". */
  scheduledOn: number;
  /** The first day not yet run. */
  from: number;
  /** The repeats counter (rule 9). */
  index: number;
  counterField: string | undefined;
  lastChargedDay: number | undefined;
  /** The day of a manual stop; an update of the payment lifts it. */
  stoppedOn: number | undefined;
  charges: ChargeRecord[];
  callbacks: CallbackDelivery[];
}

/**
 * The engine's payments: each one's state, the payment each charge's order id belongs to (order
 * ids are never reused), and the payments indexed by the day of their next charge, so a run
 * visits only the payments due by its last day (issue #23 item 2).
 */
export interface PaymentBook {
  readonly states: Map<string, PaymentState>;
  readonly chargeOwners: Map<string, string>;
  readonly nextCharges: NextChargeIndex;
}

/** An empty {@link PaymentBook}. */
export const createPaymentBook = (): PaymentBook => ({ states: new Map(), chargeOwners: new Map(), nextCharges: new NextChargeIndex() });

/** A payment's schedule rules, or `undefined` when it has no period or a rule is broken (never charged). */
export function readRules(profile: StoredProfile): ScheduleRules | undefined {
  if (profile.fields.period === undefined || profile.fields.period === '') return undefined;
  try {
    return readScheduleRules(profile.fields);
  } catch {
    return undefined;
  }
}

/** Files `id` under the day of its next charge (none when stopped or without a schedule). */
export function reindex(book: PaymentBook, id: string, state: PaymentState): void {
  const next =
    state.rules === undefined || state.stoppedOn !== undefined
      ? undefined
      : scheduledCharges(state.rules, { scheduledOn: state.scheduledOn, from: state.from, index: state.index, count: 1 })[0]?.day;
  book.nextCharges.set(id, next);
}

/** The charge with the gateway's order id `orderid`, with its payment. */
export function chargeOf(book: PaymentBook, orderid: string): { id: string; state: PaymentState; record: ChargeRecord } | undefined {
  const id = book.chargeOwners.get(orderid);
  const state = id === undefined ? undefined : book.states.get(id);
  const record = state?.charges.find((charge) => charge.orderid === orderid);
  return id === undefined || state === undefined || record === undefined ? undefined : { id, state, record };
}

/**
 * The charges a payment's history keeps: the newest this many, and every older one still owed a
 * callback; the others go with their deliveries and order ids. A payment keeps twice as many
 * deliveries, and every pending one (a trigger re-sends a charge's callback).
 *
 * @example
 * ```ts
 * import { MAX_CHARGES_KEPT } from '@paysign/emulator';
 * // GET /emulator/recurring-payments/rp-1 lists at most this many charges, besides older ones still owed a callback.
 * console.log(`a payment keeps its newest ${MAX_CHARGES_KEPT} charges`);
 * ```
 */
export const MAX_CHARGES_KEPT = 100;
const MAX_PAYMENT_DELIVERIES_KEPT = 2 * MAX_CHARGES_KEPT;

/**
 * Holds a payment's history to {@link MAX_CHARGES_KEPT}, dropping only what is final: the newest
 * charges and deliveries stay, and so does every charge with a pending delivery and every pending
 * delivery, however old.
 *
 * @example
 * ```ts
 * state.charges.push(record);
 * trimHistory(book, state);
 * ```
 */
export function trimHistory(book: PaymentBook, state: PaymentState): void {
  const oldCharges = state.charges.length - MAX_CHARGES_KEPT;
  if (oldCharges > 0) {
    const owed = new Set(state.callbacks.filter((delivery) => delivery.state === 'pending').map((delivery) => delivery.orderid));
    const forgotten = new Set(
      state.charges
        .slice(0, oldCharges)
        .map((charge) => charge.orderid)
        .filter((orderid) => !owed.has(orderid)),
    );
    if (forgotten.size > 0) {
      keepOnly(state.charges, (charge) => !forgotten.has(charge.orderid));
      keepOnly(state.callbacks, (delivery) => !forgotten.has(delivery.orderid));
      for (const orderid of forgotten) book.chargeOwners.delete(orderid);
    }
  }
  const oldDeliveries = state.callbacks.length - MAX_PAYMENT_DELIVERIES_KEPT;
  if (oldDeliveries > 0) keepOnly(state.callbacks, (delivery, index) => index >= oldDeliveries || delivery.state === 'pending');
}

/** Keeps in `list`, in place and in order, the items `keep` accepts. */
function keepOnly<T>(list: T[], keep: (item: T, index: number) => boolean): void {
  const kept = list.filter(keep);
  list.splice(0, list.length, ...kept);
}
