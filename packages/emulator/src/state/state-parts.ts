import type { CallbackSender } from '../callbacks/callback-sender.js';
import type { EmulatorClock } from '../clock/emulator-clock.js';
import { EmulatorError } from '../errors.js';
import type { PaymentOwners } from '../merchants/payment-owners.js';
import type { OrderBook } from '../orders/order-book.js';
import type { RecurringEngine } from '../recurring/recurring-engine.js';
import { createMemoryProfileStore } from '../store/memory-store.js';
import type { ProfileStore } from '../store/profile-store.js';
import type { EmulatorSnapshot } from './emulator-snapshot.js';
import type { recordingNonceStore } from './recording-nonce-store.js';
import type { ChangeLog } from './change-log.js';

/** The parts of a running emulator whose state is saved. */
export interface StateParts {
  profiles: ProfileStore;
  owners: PaymentOwners;
  clock: EmulatorClock;
  recurring: RecurringEngine;
  orders: OrderBook;
  sender: CallbackSender;
  nonces: ReturnType<typeof recordingNonceStore>;
  now: () => number;
  seed: number;
  orderIds: () => number;
}

/**
 * Refuses options that a restored state already decides: its recurring payments, its first day,
 * its seed and its clock's mode are the saved ones, never silently replaced.
 *
 * @throws {EmulatorError} `INVALID_STATE` naming the option.
 * @example
 * ```ts
 * checkStateOptions(saved, { clock: 'virtual' }); // throws when `saved` was kept on the system clock
 * ```
 */
export function checkStateOptions(
  saved: EmulatorSnapshot,
  options: { profiles?: unknown; today?: string | undefined; seed?: number | undefined; clock: 'virtual' | 'system' },
): void {
  const refuse = (message: string) => {
    throw new EmulatorError('INVALID_STATE', `${message}; the saved state is kept as it is`);
  };
  if (options.profiles !== undefined) refuse('profiles only fill a new state: this state already holds its recurring payments');
  if (options.today !== undefined) refuse('today only starts a new state: this state keeps its own clock');
  if (options.seed !== undefined && options.seed !== saved.seed) refuse('seed differs from the seed this state was started with');
  if (options.clock !== saved.clock.mode) refuse(`the state was kept on the ${saved.clock.mode} clock: start with clock "${saved.clock.mode}"`);
}

/**
 * A memory store holding the saved recurring payments with their revisions.
 *
 * @example
 * ```ts
 * const profiles = restoredProfiles(saved);
 * ```
 */
export function restoredProfiles(saved: EmulatorSnapshot): ProfileStore {
  return createMemoryProfileStore(
    saved.profiles.map((profile) =>
      profile.fields['recurring-payment-id'] === profile.id ? profile.fields : { ...profile.fields, 'recurring-payment-id': profile.id },
    ),
    new Map(saved.profiles.map((profile) => [profile.id, profile.revision])),
  );
}

/**
 * Puts a saved state back into a new emulator's parts (owners, engine, nonces, orders) and resumes the
 * callbacks that were still pending, from the attempt they had reached. What it puts back is not
 * reported as changed (it is what the state holds); what the catch-up run makes is.
 *
 * @example
 * ```ts
 * await restoreState(parts, saved, changes);
 * ```
 */
export async function restoreState(parts: StateParts, saved: EmulatorSnapshot, changes: ChangeLog): Promise<void> {
  changes.muted = true;
  try {
    await putBack(parts, saved);
  } finally {
    changes.muted = false;
  }
  // What the request in flight at the stop may have left undone (an update's charges due today).
  await parts.recurring.runThrough(parts.clock.today());
}

async function putBack(parts: StateParts, saved: EmulatorSnapshot): Promise<void> {
  for (const { id, login, endpointId } of saved.owners) parts.owners.claim(id, { login, endpointId });
  await parts.nonces.restore(saved.nonces, parts.now());
  const deliveries = await parts.recurring.restore(saved.engine);
  const addresses = new Map(saved.pendingCallbacks.map((callback) => [`${callback.recurringPaymentId}\n${callback.orderid}`, callback.url]));
  for (const { recurringPaymentId, delivery } of deliveries) {
    const url = addresses.get(`${recurringPaymentId}\n${delivery.orderid}`);
    if (delivery.state === 'pending' && url !== undefined) parts.sender.send(delivery, new URL(url), recurringPaymentId);
  }
  parts.orders.restore(saved.orders ?? []);
}
