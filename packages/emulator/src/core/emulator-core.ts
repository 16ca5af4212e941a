import { createMemoryNonceStore, type NonceStore } from '@paysign/oauth-core';
import { AdminActions } from '../admin/admin-actions.js';
import { createCallbackSender } from '../callbacks/callback-sender.js';
import { createClock, dateOf, type EmulatorClock } from '../clock/emulator-clock.js';
import type { EmulatorOptions } from '../emulator-options.js';
import { EmulatorError } from '../errors.js';
import { type EmulatorLog, lineLog } from '../log.js';
import { paymentControlKey } from '../merchants/control-key.js';
import { createMerchantRegistry, type MerchantRegistry } from '../merchants/merchant-registry.js';
import { createPaymentOwners, type PaymentOwners } from '../merchants/payment-owners.js';
import { createOperationRunner } from '../operations/run-operation.js';
import { createOrderStore, type OrderBook } from '../orders/order-book.js';
import { createChargeEngine, type RecurringEngine } from '../recurring/recurring-engine.js';
import type { EmulatorSnapshot } from '../state/emulator-snapshot.js';
import { keepState } from '../state/keep-state.js';
import { createMemoryProfileStore } from '../store/memory-store.js';
import type { ProfileStore } from '../store/profile-store.js';
import { callbackProgress } from './callback-progress.js';
import { type ChangeLog, createChangeLog, type TakenChanges } from './change-log.js';
import { orderOperations } from './core-orders.js';
import { recurringOperations } from './core-recurring.js';
import { type KeptParts, restoreInto, type Snapshot, snapshotOf } from './core-snapshot.js';
import type { EmulatorSettings } from './emulator-settings.js';
import { checkStateOptions, restoredProfiles } from './saved-state.js';

/**
 * One emulator's state and what changes it: the merchants, the recurring payments (profiles,
 * owners, the engine), the orders, the clock and the order-id counter; the three operations
 * (`operate`) and every admin action (`actions`: stop, outcome, trigger, re-send, the clock) as
 * plain functions, which the admin API (JSON) and the console (HTML) are thin layers over. With
 * `--state`, the core keeps one change log: each of its operations that changes the state (an
 * operation, an admin action, a callback delivery's result, an order decided when due, a nonce
 * accepted) records what it changed there, and `persister` writes it to the backend; `snapshot`
 * and `restore` are its state as plain data, out and back in. In memory nothing is recorded.
 */
export interface EmulatorCore {
  merchants: MerchantRegistry;
  profiles: ProfileStore;
  owners: PaymentOwners;
  clock: EmulatorClock;
  recurring: RecurringEngine;
  orders: OrderBook;
  log: EmulatorLog;
  /** The verifier's nonce store (with `--state`, each nonce it accepts is recorded). */
  nonceStore: NonceStore;
  actions: AdminActions;
  /** Runs an admitted request's operation and answers it. */
  operate: ReturnType<typeof createOperationRunner>;
  /** Before a request: the saved state back, and on the system clock what fell due charged (once per day at most). */
  catchUp(): Promise<void>;
  /** Resolves once the saved state is back (at once without `--state`). */
  ready: Promise<void>;
  /** With `--state`: writes what changed since the last write (resolves once a write begun after the call is done). */
  persister: { commit(): Promise<void> } | undefined;
  /**
   * With `--state`: takes the change log and reads what it names as it is now, with the clock,
   * seed and order-id counter (both between two runs of the engine); without, nothing is recorded.
   */
  snapshot(): Promise<{ taken: TakenChanges; state: Snapshot }>;
  /** Puts a saved state back (before the first request), then charges what fell due. */
  restore(saved: EmulatorSnapshot): Promise<void>;
  stop(): void;
}

function isStore(value: EmulatorOptions['profiles']): value is ProfileStore {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as ProfileStore).update === 'function';
}

// A restored state brings its own payments (with their revisions), clock and seed.
function profilesOf(options: EmulatorOptions): ProfileStore {
  const saved = options.state?.initial;
  if (saved !== undefined) {
    checkStateOptions(saved, { profiles: options.profiles, today: options.today, seed: options.seed, clock: options.clock ?? 'system' });
    return restoredProfiles(saved);
  }
  return isStore(options.profiles) ? options.profiles : createMemoryProfileStore(options.profiles ?? []);
}

// --state: the core's change log, and every profile the store writes recorded in it (the
// operations', the admin API's and in-process writes alike).
function changeLogFor(options: EmulatorOptions, profiles: ProfileStore): ChangeLog | undefined {
  if (options.state === undefined) return undefined;
  if (profiles.watch === undefined)
    throw new EmulatorError('INVALID_OPTIONS', 'state needs a profile store that reports its writes (watch), such as createMemoryProfileStore');
  const changes = createChangeLog();
  profiles.watch((stored) => {
    for (const profile of stored) changes.payment(profile.id);
  });
  return changes;
}

// A nonce accepted is a change of the state: recorded (with --state) as the verifier spends it.
function acceptingNonces(nonces: NonceStore, changes: ChangeLog | undefined): NonceStore {
  if (changes === undefined) return nonces;
  return {
    async remember(key, expiresAt, scope) {
      const answer = await nonces.remember(key, expiresAt, scope);
      if (answer === true) changes.nonce(key, expiresAt, scope ?? null);
      return answer;
    },
  };
}

/**
 * Creates an emulator's core from its options (checked by `readSettings`).
 *
 * @throws {EmulatorError} `INVALID_OPTIONS`, `INVALID_MERCHANT` or `INVALID_STATE` for unusable options.
 * @example
 * ```ts
 * const core = createEmulatorCore(options, readSettings(options));
 * await core.actions.moveClock({ advanceDays: 1 });
 * ```
 */
export function createEmulatorCore(options: EmulatorOptions, settings: EmulatorSettings): EmulatorCore {
  const saved = options.state?.initial;
  const profiles = profilesOf(options);
  const merchants = createMerchantRegistry(options.merchants);
  const log = options.log ?? lineLog();
  const changes = changeLogFor(options, profiles);
  // Bounded in all and per merchant, sized for load tests (issue #23 item 3): ~3,300 requests/s of one merchant over the 300 s window.
  const nonces = options.nonceStore ?? createMemoryNonceStore({ now: settings.now, maxEntries: 2_000_000, maxEntriesPerScope: 1_000_000 });
  let orderIds = saved?.orderIds ?? 0;
  const nextOrderId = (): string => String(++orderIds);
  const seed = saved?.seed ?? options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const clock = createClock(options.clock ?? 'system', saved?.clock.mode === 'virtual' ? dateOf(saved.clock.today) : options.today);
  const sender = createCallbackSender({
    attempts: settings.callbackAttempts,
    backoffMs: settings.callbackBackoffMs,
    maxInFlight: settings.maxCallbacksInFlight,
    log,
    progress: callbackProgress({ settled: (orderid, delivery) => store.settled(orderid, delivery) }, changes),
  });
  const owners = createPaymentOwners();
  const engine = createChargeEngine({
    profiles,
    clock,
    log,
    sender,
    declineCards: new Set(options.declineCards ?? []),
    seed,
    nextOrderId,
    controlKeyFor: paymentControlKey(merchants, owners),
  });
  const store = createOrderStore({
    sender,
    log,
    callbackUrlFor: (login) => merchants.get(login)?.account.callbackUrl,
    controlKeyFor: (login) => merchants.get(login)?.account.controlKey,
    capacity: settings.maxOrders,
  });
  const recurring = recurringOperations(engine, changes);
  const { orders, resume } = orderOperations(store, changes, settings.outcomeDelayMs);
  const parts: KeptParts = {
    profiles,
    owners,
    clock,
    engine,
    orders: store,
    resumeOrders: resume,
    sender,
    nonces,
    now: settings.now,
    seed,
    orderIds: () => orderIds,
  };
  const snapshot = () => snapshotOf(parts, changes ?? createChangeLog());
  const restore = (state: EmulatorSnapshot) => restoreInto(parts, state, changes, () => recurring.runThrough(clock.today()));
  // A new state: every payment is a change (its first write holds them all); a saved one is put back first.
  const ready =
    changes === undefined
      ? Promise.resolve()
      : saved === undefined
        ? profiles.list().then((list) => {
            for (const profile of list) changes.payment(profile.id);
          })
        : restore(saved).then(() => options.state?.releaseInitial?.());
  const keeping =
    changes === undefined || options.state === undefined
      ? undefined
      : keepState({ changes, snapshot }, options.state, saved && { today: saved.clock.today, orderIds: saved.orderIds });
  let lastRunDay: number | undefined;
  return {
    merchants,
    profiles,
    owners,
    clock,
    recurring,
    orders,
    log,
    nonceStore: acceptingNonces(nonces, changes),
    actions: new AdminActions({ clock, profiles, owners, merchants, recurring, orders }),
    operate: createOperationRunner({ profiles, owners, recurring, orders, log, nextOrderId }),
    // Once per day at most, so unauthenticated requests cannot make the emulator walk its store.
    async catchUp() {
      await ready;
      if (clock.mode === 'system' && clock.today() !== lastRunDay) {
        lastRunDay = clock.today();
        await recurring.runThrough(lastRunDay);
      }
    },
    ready,
    persister: keeping === undefined ? undefined : { commit: keeping.commit },
    snapshot,
    restore,
    stop: () => {
      keeping?.stop();
      orders.stop();
      sender.stop();
    },
  };
}
