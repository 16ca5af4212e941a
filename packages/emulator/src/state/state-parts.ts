import type { EmulatorClock } from '../clock/emulator-clock.js';
import { EmulatorError } from '../errors.js';
import type { PaymentOwners } from '../merchants/payment-owners.js';
import type { RecurringEngine } from '../recurring/recurring-engine.js';
import { createMemoryProfileStore } from '../store/memory-store.js';
import type { ProfileStore } from '../store/profile-store.js';
import type { EmulatorSnapshot } from './emulator-snapshot.js';
import type { recordingNonceStore } from './recording-nonce-store.js';
import type { recordingSender } from './recording-sender.js';

/** The parts of a running emulator whose state is saved. */
export interface StateParts {
  profiles: ProfileStore;
  owners: PaymentOwners;
  clock: EmulatorClock;
  recurring: RecurringEngine;
  sender: ReturnType<typeof recordingSender>;
  nonces: ReturnType<typeof recordingNonceStore>;
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
    saved.profiles.map((profile) => ({ ...profile.fields, 'recurring-payment-id': profile.id })),
    new Map(saved.profiles.map((profile) => [profile.id, profile.revision])),
  );
}

/**
 * Puts a saved state back into a new emulator's parts (owners, engine, nonces) and resumes the
 * callbacks that were still pending, from the attempt they had reached.
 *
 * @example
 * ```ts
 * await restoreState(parts, saved);
 * ```
 */
export async function restoreState(parts: StateParts, saved: EmulatorSnapshot): Promise<void> {
  for (const { id, login, endpointId } of saved.owners) parts.owners.claim(id, { login, endpointId });
  await parts.nonces.restore(saved.nonces);
  const deliveries = await parts.recurring.restore(saved.engine);
  const addresses = new Map(saved.pendingCallbacks.map((callback) => [`${callback.recurringPaymentId}\n${callback.orderid}`, callback.url]));
  for (const { recurringPaymentId, delivery } of deliveries) {
    const url = addresses.get(`${recurringPaymentId}\n${delivery.orderid}`);
    if (delivery.state === 'pending' && url !== undefined) parts.sender.send(delivery, new URL(url), recurringPaymentId);
  }
  // What the request in flight at the stop may have left undone (an update's charges due today).
  await parts.recurring.runThrough(parts.clock.today());
}

/**
 * The whole state of an emulator, read in one go.
 *
 * @example
 * ```ts
 * await backend.save(await snapshotOf(parts));
 * ```
 */
export function snapshotOf(parts: StateParts): Promise<EmulatorSnapshot> {
  // Between two engine runs, so that no charge is saved without the rest of its run (its
  // callback, the day the run reached): a restart never runs a day twice.
  return parts.recurring.exclusive(() => read(parts));
}

async function read(parts: StateParts): Promise<EmulatorSnapshot> {
  const profiles = await parts.profiles.list();
  // Everything below is read without an await: one consistent moment.
  const owners: EmulatorSnapshot['owners'] = [];
  for (const { id } of profiles) {
    const owner = parts.owners.get(id);
    if (owner !== undefined) owners.push({ id, login: owner.login, endpointId: owner.endpointId });
  }
  return {
    clock: { mode: parts.clock.mode, today: parts.clock.today() },
    seed: parts.seed,
    orderIds: parts.orderIds(),
    profiles: profiles.map(({ id, revision, fields }) => ({ id, revision, fields: { ...fields } })),
    owners,
    engine: parts.recurring.snapshot(),
    nonces: parts.nonces.live(),
    pendingCallbacks: parts.sender.pending(),
  };
}
