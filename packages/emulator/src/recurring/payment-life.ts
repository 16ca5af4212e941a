import { isStopped, scheduledCharges } from '@paysign/protocol/schedule';
import type { CallbackDelivery } from '../callbacks/callback-sender.js';
import { dateOf } from '../clock/emulator-clock.js';
import type { ChargeRecord, PaymentState } from './payment-state.js';

/**
 * What the admin API shows of a recurring payment's life.
 *
 * @example
 * ```ts
 * import type { PaymentLife } from '@paysign/emulator';
 *
 * const life: PaymentLife | undefined = await emulator.recurring.life('7701');
 * if (life?.state === 'stop') console.log(`stopped after ${life.currentRepeatsNumber} charges`);
 * ```
 */
export interface PaymentLife {
  state: 'active' | 'stop';
  currentRepeatsNumber: number;
  /** `DD.MM.YYYY` of a manual stop (`POST /emulator/recurring-payments/{id}/stop`), while it holds. */
  stoppedOn?: string;
  /** Why the payment has no schedule (no period, a broken rule), if so. */
  scheduleProblem?: string;
  charges: Omit<ChargeRecord, 'recurringPaymentId'>[];
  callbacks: CallbackDelivery[];
  /** The next charges the schedule makes after today (at most 12; a random amount shown as its range). */
  upcoming: { index: number; date: string; amount: string }[];
}

/** The next `count` charges after `today` (none while stopped by hand or without a schedule). */
function upcoming(state: PaymentState, today: number, count: number): PaymentLife['upcoming'] {
  if (state.rules === undefined || state.stoppedOn !== undefined) return [];
  return scheduledCharges(state.rules, { scheduledOn: state.scheduledOn, from: Math.max(state.from, today + 1), index: state.index, count }).map((planned) => ({
    index: planned.index,
    date: dateOf(planned.day),
    amount: typeof planned.amount === 'string' ? planned.amount : `${planned.amount.from}-${planned.amount.to}`,
  }));
}

/**
 * A payment's life on `today`, as copies (nothing the caller changes reaches the engine).
 *
 * @example
 * ```ts
 * const life = lifeOf(state, clock.today());
 * ```
 */
export function lifeOf(state: PaymentState, today: number): PaymentLife {
  const stopped = state.stoppedOn !== undefined || (state.rules !== undefined && isStopped(state.rules, { today, index: state.index }));
  return {
    state: stopped ? 'stop' : 'active',
    currentRepeatsNumber: state.index,
    ...(state.stoppedOn !== undefined && { stoppedOn: dateOf(state.stoppedOn) }),
    ...(state.rules === undefined && { scheduleProblem: 'no usable schedule (period and interval, one amount mode, valid dates): never charged' }),
    charges: state.charges.map(({ recurringPaymentId: _, ...charge }) => charge),
    callbacks: state.callbacks.map((delivery) => ({ ...delivery })),
    upcoming: upcoming(state, today, 12),
  };
}
