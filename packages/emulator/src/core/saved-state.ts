// A restored state against the options: what the state decides is never silently replaced.
import { EmulatorError } from '../errors.js';
import type { EmulatorSnapshot } from '../state/emulator-snapshot.js';
import { createMemoryProfileStore } from '../store/memory-store.js';
import type { ProfileStore } from '../store/profile-store.js';

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
