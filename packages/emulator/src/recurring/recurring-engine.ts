// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import type { CallbackDelivery } from '../callbacks/callback-sender.js';
import type { EmulatorClock } from '../clock/emulator-clock.js';
import type { FinalOutcome } from '../orders/test-cards.js';
import { callBack, setChargeOutcome, type ChargeContext, type ChargeSettings } from './charge-payment.js';
import { restoreStates, snapshotOf, type EngineSnapshot } from './engine-snapshot.js';
import { lifeOf, type PaymentLife } from './payment-life.js';
import { chargeOf, createPaymentBook, reindex, type ChargeRecord } from './payment-state.js';
import { runThrough } from './run-through.js';
import { createPaymentSync } from './sync-payments.js';

/** What the engine works with: the store, the clock, and how it charges and calls back ({@link ChargeSettings}). */
export interface RecurringEngineOptions extends ChargeSettings {
  clock: EmulatorClock;
}

/**
 * The emulator's recurring payments in time: charges on schedule, states, callbacks.
 *
 * @example
 * ```ts
 * import type { RecurringEngine } from '@paysign/emulator';
 *
 * const recurring: RecurringEngine = emulator.recurring;
 * await recurring.runThrough(); // every charge due today
 * await recurring.callbacksSettled(); // and their callbacks delivered or given up
 * ```
 */
export interface RecurringEngine {
  /**
   * Runs every charge due up to and including `day` (today by default), in date order; moves a
   * virtual clock there. `day` may be a function of the day the clock shows when this run's turn
   * comes (runs are serialised), so that concurrent steps add up: four `(today) => today + 1` move it four days.
   */
  runThrough(day?: number | ((today: number) => number)): Promise<ChargeRecord[]>;
  /** The life of one payment, or `undefined` when the store has no such id. */
  life(id: string): Promise<PaymentLife | undefined>;
  /** Resolves once every callback under way has been delivered or given up. */
  callbacksSettled(): Promise<void>;
  /**
   * Gives a charge (by the gateway's order id) its final status now, even if it had one, and
   * sends a new callback; `false` when no charge has this order id.
   */
  setOutcome(orderid: string, outcome: FinalOutcome): Promise<boolean | 'busy'>;
  /** A charge by its order id: its payment, status, the merchant's order id and its callbacks. */
  order(orderid: string): Promise<{ recurringPaymentId: string; status: FinalOutcome; merchantOrderId: string; callbacks: CallbackDelivery[] } | undefined>;
  /**
   * Stops a payment by hand from today: it reads `stop` and nothing more is charged, a charge due
   * today or a first charge still ahead included, until an update of the payment reschedules it;
   * `false` when the store has no such id.
   */
  stop(id: string): Promise<boolean>;
  /** Sends the callback of one charge again (a new delivery); `false` when the payment has no such charge. */
  resendCallback(id: string, orderid: string): Promise<boolean>;
}

/**
 * What one call of the engine did: its answer (or the error it failed with), and the payments
 * whose state in time it changed (a run cut short by an error changed some too), for the
 * emulator's core to record.
 */
export type EngineCall<T> = { changed: ReadonlySet<string> } & ({ ok: true; value: T } | { ok: false; error: unknown });

/**
 * The engine as the emulator's core holds it: each call that can change a payment's state in
 * time answers an {@link EngineCall} (the core's {@link RecurringEngine} records and unwraps it),
 * and the states as plain data, out and back in.
 */
export interface ChargeEngine extends Pick<RecurringEngine, 'callbacksSettled' | 'order'> {
  runThrough(day?: number | ((today: number) => number)): Promise<EngineCall<ChargeRecord[]>>;
  life(id: string): Promise<EngineCall<PaymentLife | undefined>>;
  setOutcome(orderid: string, outcome: FinalOutcome): Promise<EngineCall<boolean | 'busy'>>;
  stop(id: string): Promise<EngineCall<boolean>>;
  resendCallback(id: string, orderid: string): Promise<EngineCall<boolean>>;
  /** Every payment's state in time, or those of `ids` (the ones the engine knows), as plain data; call it inside {@link ChargeEngine.exclusive}. */
  snapshot(ids?: Iterable<string>): EngineSnapshot;
  /** Runs `task` between two runs, never during one: what it reads is not a run half done. */
  exclusive<T>(task: () => T | Promise<T>): Promise<T>;
  /**
   * Puts back the states of {@link ChargeEngine.snapshot}, before any run; resolves to the
   * callback deliveries it holds, for the caller to resume the pending ones.
   */
  restore(snapshot: EngineSnapshot): Promise<{ recurringPaymentId: string; delivery: CallbackDelivery }[]>;
}

/**
 * The recurring-payment engine: every payment's schedule is read with `@paysign/protocol`'s
 * `readScheduleRules` and run with its `scheduledCharges`, the engine behind `previewSchedule`,
 * so the charges made are the charges previewed. Runs are serialised: one at a time, each
 * answering the payments it changed. Its parts: the payments' states (payment-state.ts), bringing
 * them up to their profiles (sync-payments.ts), a run (run-through.ts), a charge and the callback
 * it owes (charge-payment.ts), a payment's life (payment-life.ts), and its state as plain data
 * (engine-snapshot.ts).
 *
 * @example
 * ```ts
 * const engine = createChargeEngine({ profiles, clock, log, sender, declineCards: new Set(), seed: 1, nextOrderId, controlKeyFor });
 * const { changed } = await engine.runThrough(clock.today() + 30);
 * ```
 */
export function createChargeEngine(options: RecurringEngineOptions): ChargeEngine {
  const { profiles, clock, sender } = options;
  const book = createPaymentBook();
  // The payments the call under way changed (calls are serialised: one at a time).
  let changed = new Set<string>();
  const context: ChargeContext = { ...options, book, changed: (id) => changed.add(id) };
  const sync = createPaymentSync(book, profiles, clock, context.changed);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };
  const call = <T>(task: () => Promise<T>): Promise<EngineCall<T>> =>
    serial(async () => {
      changed = new Set();
      try {
        return { ok: true, value: await task(), changed };
      } catch (error) {
        return { ok: false, error, changed };
      }
    });
  const fieldsOf = async (id: string) => (await profiles.get(id))?.fields ?? {};

  return {
    runThrough: (day) =>
      call(async () => {
        const through = typeof day === 'function' ? day(clock.today()) : (day ?? clock.today());
        await sync();
        const made = await runThrough(context, through);
        if (clock.mode === 'virtual' && through > clock.today()) clock.set(through);
        return made;
      }),
    life: (id) =>
      call(async () => {
        if ((await profiles.get(id)) === undefined) return undefined;
        await sync();
        const state = book.states.get(id);
        return state === undefined ? undefined : lifeOf(state, clock.today());
      }),
    callbacksSettled: () => sender.idle(),
    stop: (id) =>
      call(async () => {
        await sync();
        const state = book.states.get(id);
        if (state === undefined) return false;
        state.stoppedOn ??= clock.today();
        reindex(book, id, state);
        context.changed(id);
        return true;
      }),
    resendCallback: (id, orderid) =>
      call(async () => {
        const state = book.states.get(id);
        const record = state?.charges.find((charge) => charge.orderid === orderid);
        if (state === undefined || record === undefined) return false;
        await callBack(context, id, state, record, await fieldsOf(id));
        context.changed(id);
        return true;
      }),
    setOutcome: (orderid, outcome) => call(() => setChargeOutcome(context, orderid, outcome)),
    async order(orderid) {
      const found = chargeOf(book, orderid);
      if (found === undefined) return undefined;
      return {
        recurringPaymentId: found.id,
        status: found.record.status,
        merchantOrderId: (await fieldsOf(found.id))['client-orderid'] ?? '',
        callbacks: found.state.callbacks.filter((delivery) => delivery.orderid === orderid).map((delivery) => ({ ...delivery })),
      };
    },
    // State persistence (--state): plain copies out, and back in before the first run.
    exclusive: (task) => serial(async () => task()),
    snapshot: (ids) => snapshotOf(book, ids),
    // One read of the store, not one await per payment (a restored state may hold 100,000).
    restore: async (snapshot) => restoreStates(book, snapshot, new Map((await profiles.list()).map((profile) => [profile.id, profile]))),
  };
}
