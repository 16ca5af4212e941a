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
import { createOrderBook, type OrderBook } from '../orders/order-book.js';
import { createRecurringEngine, type RecurringEngine } from '../recurring/recurring-engine.js';
import { createChangeLog, NO_CHANGES } from '../state/change-log.js';
import { keepState, type StateKeeping } from '../state/keep-state.js';
import { recordingNonceStore } from '../state/recording-nonce-store.js';
import { recordingSender } from '../state/recording-sender.js';
import { reportingOwners } from '../state/state-changes.js';
import { checkStateOptions, restoredProfiles } from '../state/state-parts.js';
import { createMemoryProfileStore } from '../store/memory-store.js';
import type { ProfileStore } from '../store/profile-store.js';
import type { EmulatorSettings } from './emulator-settings.js';

/**
 * One emulator's state and what changes it: the merchants, the recurring payments (profiles,
 * owners, the engine), the orders, the clock and the order-id counter; the three operations
 * (`operate`) and every admin action (`actions`: stop, outcome, trigger, re-send, the clock) as
 * plain functions, which the admin API (JSON) and the console (HTML) are thin layers over; and,
 * with `--state`, one change log kept in the backend (`state`).
 */
export interface EmulatorCore extends StateKeeping {
  merchants: MerchantRegistry;
  profiles: ProfileStore;
  owners: PaymentOwners;
  clock: EmulatorClock;
  recurring: RecurringEngine;
  orders: OrderBook;
  log: EmulatorLog;
  /** The verifier's nonce store (each nonce spent is a change of the state). */
  nonceStore: NonceStore;
  actions: AdminActions;
  /** Runs an admitted request's operation and answers it. */
  operate: ReturnType<typeof createOperationRunner>;
  /** Before a request: the saved state back, and on the system clock what fell due charged (once per day at most). */
  catchUp(): Promise<void>;
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
  // --state (src/state/): the nonce store, the callback sender, the owners, the profile store and
  // the engines report what they change to one change log; without --state nothing is recorded.
  const changes = createChangeLog();
  const sink = options.state === undefined ? NO_CHANGES : changes;
  if (options.state !== undefined) {
    if (profiles.watch === undefined)
      throw new EmulatorError('INVALID_OPTIONS', 'state needs a profile store that reports its writes (watch), such as createMemoryProfileStore');
    profiles.watch((stored) => {
      for (const profile of stored) sink.payment(profile.id);
    });
  }
  // Bounded in all and per merchant, sized for load tests (issue #23 item 3): ~3,300 requests/s of one merchant over the 300 s window.
  const nonces = recordingNonceStore(
    options.nonceStore ?? createMemoryNonceStore({ now: settings.now, maxEntries: 2_000_000, maxEntriesPerScope: 1_000_000 }),
    sink,
  );
  let orderIds = saved?.orderIds ?? 0;
  const nextOrderId = (): string => String(++orderIds);
  const seed = saved?.seed ?? options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const clock = createClock(options.clock ?? 'system', saved?.clock.mode === 'virtual' ? dateOf(saved.clock.today) : options.today);
  const callbackSender = createCallbackSender({
    attempts: settings.callbackAttempts,
    backoffMs: settings.callbackBackoffMs,
    maxInFlight: settings.maxCallbacksInFlight,
    log,
  });
  const sender = recordingSender(callbackSender, sink);
  const owners = reportingOwners(createPaymentOwners(), sink);
  const recurring = createRecurringEngine({
    profiles,
    clock,
    log,
    sender,
    declineCards: new Set(options.declineCards ?? []),
    seed,
    nextOrderId,
    controlKeyFor: paymentControlKey(merchants, owners),
    onChange: (id) => sink.payment(id),
  });
  const orders = createOrderBook({
    outcomeDelayMs: settings.outcomeDelayMs,
    sender: callbackSender,
    log,
    callbackUrlFor: (login) => merchants.get(login)?.account.callbackUrl,
    controlKeyFor: (login) => merchants.get(login)?.account.controlKey,
    capacity: settings.maxOrders,
    onChange: (orderid) => sink.order(orderid),
  });
  const parts = { profiles, owners, clock, recurring, orders, sender, nonces, seed, orderIds: () => orderIds, now: settings.now };
  const state = keepState(parts, changes, options.state, saved);
  let lastRunDay: number | undefined;
  return {
    ...state,
    merchants,
    profiles,
    owners,
    clock,
    recurring,
    orders,
    log,
    nonceStore: nonces.store,
    actions: new AdminActions({ clock, profiles, owners, merchants, recurring, orders }),
    operate: createOperationRunner({ profiles, owners, recurring, orders, log, nextOrderId }),
    // Once per day at most, so unauthenticated requests cannot make the emulator walk its store.
    async catchUp() {
      await state.ready;
      if (clock.mode === 'system' && clock.today() !== lastRunDay) {
        lastRunDay = clock.today();
        await recurring.runThrough(lastRunDay);
      }
    },
    stop: () => {
      state.stop();
      orders.stop();
      sender.stop();
    },
  };
}
