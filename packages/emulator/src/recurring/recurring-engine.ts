// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
import { isStopped, readScheduleRules, scheduledCharges, type PlannedCharge, type ScheduleRules } from '@paysign/protocol/schedule';
import { MAX_PENDING_CALLBACKS, type CallbackDelivery, type CallbackSender } from '../callbacks/callback-sender.js';
import { callbackTarget } from '../callbacks/callback-url.js';
import { testCardOutcome, type FinalOutcome } from '../orders/test-cards.js';
import { dateOf, type EmulatorClock } from '../clock/emulator-clock.js';
import type { EmulatorLog } from '../log.js';
import type { ProfileStore, StoredProfile } from '../store/profile-store.js';
import { drawAmount } from './draw-amount.js';
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

interface PaymentState {
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
  /** The day of a manual stop ({@link RecurringEngine.stop}); an update of the payment lifts it. */
  stoppedOn: number | undefined;
  charges: ChargeRecord[];
  callbacks: CallbackDelivery[];
}

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

export interface RecurringEngineOptions {
  profiles: ProfileStore;
  clock: EmulatorClock;
  log: EmulatorLog;
  sender: CallbackSender;
  /** Card numbers whose charges are declined. */
  declineCards: ReadonlySet<string>;
  seed: number;
  nextOrderId: () => string;
  /** The control key that signs a payment's callbacks: its owner's (none if the owner has none), else the only one. */
  controlKeyFor: (recurringPaymentId: string) => string | undefined;
  /** Called with a payment's id each time its state in time changes (for `--state`: only what changed is saved). */
  onChange?: (recurringPaymentId: string) => void;
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
  /**
   * Every payment's state in time, or those of `ids` (the ones the engine knows), as plain data
   * (for `--state`: see src/state/); call it inside {@link RecurringEngine.exclusive}.
   */
  snapshot(ids?: Iterable<string>): EngineSnapshot;
  /** Runs `task` between two runs, never during one: what it reads is not a run half done. */
  exclusive<T>(task: () => T | Promise<T>): Promise<T>;
  /**
   * Puts back the states of {@link RecurringEngine.snapshot}, before any run; resolves to the
   * callback deliveries it holds, for the caller to resume the pending ones.
   */
  restore(snapshot: EngineSnapshot): Promise<{ recurringPaymentId: string; delivery: CallbackDelivery }[]>;
}

/**
 * The recurring engine's state as plain JSON data: one entry per payment, its schedule's
 * position, its charges and its callback deliveries (the schedule itself is read again from the
 * stored profile).
 *
 * @example
 * ```ts
 * import type { EngineSnapshot } from '@paysign/emulator';
 *
 * const saved: EngineSnapshot = emulator.recurring.snapshot();
 * console.log(saved.payments.length);
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

const CALLBACK_FIELDS = ['server_callback_url', 'notify_url', 'notify-url'];

/**
 * The recurring-payment engine: every payment's schedule is read with `@paysign/protocol`'s
 * `readScheduleRules` and run with its `scheduledCharges`, the engine behind `previewSchedule`,
 * so the charges made are the charges previewed. Runs are serialised: one at a time.
 *
 * @example
 * ```ts
 * const engine = createRecurringEngine({ profiles, clock, log, sender, declineCards: new Set(), seed: 1, nextOrderId, controlKeyFor });
 * await engine.runThrough(clock.today() + 30);
 * ```
 */
export function createRecurringEngine(options: RecurringEngineOptions): RecurringEngine {
  const { profiles, clock, log, sender } = options;
  const changed = options.onChange ?? (() => {});
  const states = new Map<string, PaymentState>();
  const chargeOwners = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  };

  function readRules(profile: StoredProfile): ScheduleRules | undefined {
    if (profile.fields.period === undefined || profile.fields.period === '') return undefined;
    try {
      return readScheduleRules(profile.fields);
    } catch {
      return undefined;
    }
  }

  // Issue #23 item 2: a run's work does not grow with the number of stored payments. Each
  // payment's rules are read once per revision, and the payments are indexed by the day of their
  // next charge, so a run visits only the payments due by its last day. With a store that reports
  // its writes (`watch`), only the payments written since the last run are read again; any other
  // store is listed in full each run (cheap: a revision compare per payment).
  const nextCharges = new NextChargeIndex();
  const written = new Set<string>();
  const watching = profiles.watch?.((stored) => {
    for (const profile of stored) written.add(profile.id);
  });
  let listed = false;

  function reindex(id: string, state: PaymentState): void {
    const next =
      state.rules === undefined || state.stoppedOn !== undefined
        ? undefined
        : scheduledCharges(state.rules, { scheduledOn: state.scheduledOn, from: state.from, index: state.index, count: 1 })[0]?.day;
    nextCharges.set(id, next);
  }

  async function changedProfiles(): Promise<StoredProfile[]> {
    // The set is emptied before reading, so a write that lands meanwhile is read now or next time.
    const ids = [...written];
    written.clear();
    if (watching === undefined || !listed) {
      listed = true;
      return profiles.list();
    }
    const changed: StoredProfile[] = [];
    for (const id of ids) {
      const profile = await profiles.get(id);
      if (profile !== undefined) changed.push(profile);
    }
    return changed;
  }

  // Brings each payment's state up to its stored revision. A new payment is scheduled today; an
  // updated one is rescheduled today, keeping its counter (unless the update set
  // current-repeats-number) and never running again a day it was charged on.
  // Rule 11, "If a charge was made automatically, no further charges are made unless done
  // manually, even if the payment is stopped and rescheduled again", read as: a charge made
  // automatically is never made again automatically, stop and reschedule included (the literal
  // reading, nothing after the first charge, would end every recurring payment at one charge).
  async function sync(): Promise<void> {
    const today = clock.today();
    for (const profile of await changedProfiles()) {
      const state = states.get(profile.id);
      if (state !== undefined && state.revision === profile.revision) continue;
      const rules = readRules(profile);
      const counterField = profile.fields['current-repeats-number'];
      if (state === undefined) {
        const created: PaymentState = {
          revision: profile.revision,
          rules,
          scheduledOn: today,
          from: today,
          index: rules?.currentRepeatsNumber ?? 0,
          counterField,
          lastChargedDay: undefined,
          stoppedOn: undefined,
          charges: [],
          callbacks: [],
        };
        states.set(profile.id, created);
        reindex(profile.id, created);
        changed(profile.id);
      } else {
        state.revision = profile.revision;
        state.rules = rules;
        state.scheduledOn = today;
        state.from = Math.max(today, (state.lastChargedDay ?? today - 1) + 1);
        if (counterField !== state.counterField && rules !== undefined) state.index = rules.currentRepeatsNumber;
        state.counterField = counterField;
        // An update reschedules the payment: a manual stop no longer holds.
        state.stoppedOn = undefined;
        reindex(profile.id, state);
        changed(profile.id);
      }
    }
  }

  async function charge(id: string, state: PaymentState, planned: PlannedCharge): Promise<ChargeRecord> {
    const profile = await profiles.get(id);
    const fields = profile?.fields ?? {};
    const amount =
      typeof planned.amount === 'string' ? planned.amount : drawAmount(planned.amount, { seed: options.seed, recurringPaymentId: id, index: planned.index });
    const pan = fields['credit-card-number'] ?? '';
    const record: ChargeRecord = {
      recurringPaymentId: id,
      index: planned.index,
      date: dateOf(planned.day),
      amount,
      status: options.declineCards.has(pan) ? 'declined' : (testCardOutcome(pan) ?? 'approved'),
      orderid: options.nextOrderId(),
    };
    state.charges.push(record);
    chargeOwners.set(record.orderid, id);
    // Rule 9: the counter increases even when a charge fails.
    state.index = planned.index + 1;
    state.lastChargedDay = planned.day;
    changed(id);
    log({ kind: 'charged', recurringPaymentId: id, index: record.index, date: record.date, amount, status: record.status, orderid: record.orderid });
    await callBack(id, state, record, fields);
    return record;
  }

  async function callBack(id: string, state: PaymentState, record: ChargeRecord, fields: Readonly<Record<string, string>>): Promise<void> {
    const address = CALLBACK_FIELDS.map((name) => fields[name]).find((value) => value !== undefined && value !== '');
    if (address === undefined) return;
    const target = await callbackTarget(address, options.controlKeyFor(id), {
      orderid: record.orderid,
      merchantOrder: fields['client-orderid'] ?? '',
      amount: record.amount,
      status: record.status,
      type: 'sale',
    });
    if ('notSent' in target) {
      log({ kind: 'callback', recurringPaymentId: id, orderid: record.orderid, url: target.shown, attempt: 0, outcome: target.notSent });
      return;
    }
    const delivery: CallbackDelivery = { orderid: record.orderid, url: target.shown, attempts: 0, lastStatus: null, state: 'pending' };
    state.callbacks.push(delivery);
    sender.send(delivery, target.url, id);
  }

  // The payment a charge's order id belongs to (order ids are never reused).
  function chargeOf(orderid: string): { id: string; state: PaymentState; record: ChargeRecord } | undefined {
    const id = chargeOwners.get(orderid);
    const state = id === undefined ? undefined : states.get(id);
    const record = state?.charges.find((charge) => charge.orderid === orderid);
    return id === undefined || state === undefined || record === undefined ? undefined : { id, state, record };
  }

  return {
    runThrough(day) {
      return serial(async () => {
        const through = typeof day === 'function' ? day(clock.today()) : (day ?? clock.today());
        await sync();
        const taken = nextCharges.takeThrough(through);
        const due: { id: string; state: PaymentState; planned: PlannedCharge }[] = [];
        for (const id of taken) {
          const state = states.get(id) as PaymentState;
          if (state.rules === undefined || state.stoppedOn !== undefined || state.from > through) continue;
          for (const planned of scheduledCharges(state.rules, { scheduledOn: state.scheduledOn, from: state.from, through, index: state.index })) {
            due.push({ id, state, planned });
          }
        }
        // In date order across payments; one payment's charges keep their index order.
        due.sort((a, b) => a.planned.day - b.planned.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : a.planned.index - b.planned.index));
        const made: ChargeRecord[] = [];
        let completed = false;
        try {
          for (const { id, state, planned } of due) made.push(await charge(id, state, planned));
          completed = true;
        } finally {
          // A payment not due by `through` keeps its `from`: it has no charge before its indexed
          // day, so listing from `from` or from `through + 1` gives the same charges. A run cut
          // short by an error still never runs a day again: the next starts after the last charged.
          for (const id of taken) {
            const state = states.get(id) as PaymentState;
            const from = state.from;
            state.from = completed ? Math.max(state.from, through + 1) : Math.max(state.from, (state.lastChargedDay ?? state.from - 1) + 1);
            reindex(id, state);
            if (state.from !== from) changed(id);
          }
        }
        if (clock.mode === 'virtual' && through > clock.today()) clock.set(through);
        return made;
      });
    },
    async life(id) {
      const profile = await profiles.get(id);
      if (profile === undefined) return undefined;
      await serial(sync);
      const state = states.get(id) as PaymentState;
      const stopped = state.stoppedOn !== undefined || (state.rules !== undefined && isStopped(state.rules, { today: clock.today(), index: state.index }));
      return {
        state: stopped ? 'stop' : 'active',
        currentRepeatsNumber: state.index,
        ...(state.stoppedOn !== undefined && { stoppedOn: dateOf(state.stoppedOn) }),
        ...(state.rules === undefined && { scheduleProblem: 'no usable schedule (period and interval, one amount mode, valid dates): never charged' }),
        charges: state.charges.map(({ recurringPaymentId: _, ...charge }) => charge),
        callbacks: state.callbacks.map((delivery) => ({ ...delivery })),
        upcoming:
          state.rules === undefined || state.stoppedOn !== undefined
            ? []
            : scheduledCharges(state.rules, {
                scheduledOn: state.scheduledOn,
                from: Math.max(state.from, clock.today() + 1),
                index: state.index,
                count: 12,
              }).map((planned) => ({
                index: planned.index,
                date: dateOf(planned.day),
                amount: typeof planned.amount === 'string' ? planned.amount : `${planned.amount.from}-${planned.amount.to}`,
              })),
      };
    },
    callbacksSettled: () => sender.idle(),
    stop(id) {
      return serial(async () => {
        await sync();
        const state = states.get(id);
        if (state === undefined) return false;
        state.stoppedOn ??= clock.today();
        reindex(id, state);
        changed(id);
        return true;
      });
    },
    resendCallback(id, orderid) {
      return serial(async () => {
        const state = states.get(id);
        const record = state?.charges.find((charge) => charge.orderid === orderid);
        if (state === undefined || record === undefined) return false;
        await callBack(id, state, record, (await profiles.get(id))?.fields ?? {});
        changed(id);
        return true;
      });
    },
    setOutcome(orderid, outcome) {
      return serial(async () => {
        const found = chargeOf(orderid);
        if (found === undefined) return false;
        // As for transfers: a loop of triggers cannot queue this charge's callbacks without end.
        if (found.state.callbacks.filter((delivery) => delivery.orderid === orderid && delivery.state === 'pending').length >= MAX_PENDING_CALLBACKS)
          return 'busy';
        found.record.status = outcome;
        log({
          kind: 'charged',
          recurringPaymentId: found.id,
          index: found.record.index,
          date: found.record.date,
          amount: found.record.amount,
          status: outcome,
          orderid,
        });
        await callBack(found.id, found.state, found.record, (await profiles.get(found.id))?.fields ?? {});
        return true;
      });
    },
    async order(orderid) {
      const found = chargeOf(orderid);
      if (found === undefined) return undefined;
      const fields = (await profiles.get(found.id))?.fields ?? {};
      return {
        recurringPaymentId: found.id,
        status: found.record.status,
        merchantOrderId: fields['client-orderid'] ?? '',
        callbacks: found.state.callbacks.filter((delivery) => delivery.orderid === orderid).map((delivery) => ({ ...delivery })),
      };
    },
    // State persistence (--state): plain copies out, and back in before the first run.
    exclusive: (task) => serial(async () => task()),
    snapshot: (ids) => ({
      payments: [...(ids === undefined ? states : [...ids].flatMap((id) => (states.has(id) ? [[id, states.get(id) as PaymentState] as const] : [])))].map(
        ([id, state]) => ({
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
        }),
      ),
    }),
    async restore(snapshot) {
      const deliveries: { recurringPaymentId: string; delivery: CallbackDelivery }[] = [];
      // One read of the store, not one await per payment (a restored state may hold 100,000).
      const stored = new Map((await profiles.list()).map((profile) => [profile.id, profile]));
      for (const saved of snapshot.payments) {
        const profile = stored.get(saved.id);
        if (profile === undefined) continue;
        const callbacks = saved.callbacks.map((delivery) => ({ ...delivery }));
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
          callbacks,
        };
        states.set(saved.id, state);
        for (const charge of state.charges) chargeOwners.set(charge.orderid, saved.id);
        // The index of next charges knows only what sync and runs put in it: a restored payment
        // whose revision is unchanged is skipped by sync, so it is indexed here.
        reindex(saved.id, state);
        for (const delivery of callbacks) deliveries.push({ recurringPaymentId: saved.id, delivery });
      }
      return deliveries;
    },
  };
}
