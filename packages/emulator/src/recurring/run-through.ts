import { scheduledCharges, type PlannedCharge } from '@paysign/protocol/schedule';
import { chargePayment, type ChargeContext } from './charge-payment.js';
import { reindex, type ChargeRecord, type PaymentBook, type PaymentState } from './payment-state.js';

interface DueCharge {
  id: string;
  state: PaymentState;
  planned: PlannedCharge;
}

/** The charges of `taken` due by `through`: in date order across payments, one payment's in index order. */
function dueCharges(book: PaymentBook, taken: readonly string[], through: number): DueCharge[] {
  const due: DueCharge[] = [];
  for (const id of taken) {
    const state = book.states.get(id) as PaymentState;
    if (state.rules === undefined || state.stoppedOn !== undefined || state.from > through) continue;
    for (const planned of scheduledCharges(state.rules, { scheduledOn: state.scheduledOn, from: state.from, through, index: state.index })) {
      due.push({ id, state, planned });
    }
  }
  return due.sort((a, b) => a.planned.day - b.planned.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : a.planned.index - b.planned.index));
}

/**
 * Moves each payment of a run on past it. A payment not due by `through` keeps its `from`: it has
 * no charge before its indexed day, so listing from `from` or from `through + 1` gives the same
 * charges. A run cut short by an error still never runs a day again: the next starts after the
 * last charged.
 */
function endRun(context: ChargeContext, taken: readonly string[], through: number, completed: boolean): void {
  for (const id of taken) {
    const state = context.book.states.get(id) as PaymentState;
    const from = state.from;
    state.from = completed ? Math.max(state.from, through + 1) : Math.max(state.from, (state.lastChargedDay ?? state.from - 1) + 1);
    reindex(context.book, id, state);
    if (state.from !== from) context.changed(id);
  }
}

/**
 * Makes every charge due up to and including `through` (the payments already synced with their
 * profiles), in date order, and resolves to them.
 *
 * @example
 * ```ts
 * const made = await runThrough(context, clock.today() + 30);
 * ```
 */
export async function runThrough(context: ChargeContext, through: number): Promise<ChargeRecord[]> {
  const taken = context.book.nextCharges.takeThrough(through);
  const made: ChargeRecord[] = [];
  let completed = false;
  try {
    for (const { id, state, planned } of dueCharges(context.book, taken, through)) made.push(await chargePayment(context, id, state, planned));
    completed = true;
  } finally {
    endRun(context, taken, through, completed);
  }
  return made;
}
