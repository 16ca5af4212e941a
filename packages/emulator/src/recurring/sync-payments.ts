import type { EmulatorClock } from '../clock/emulator-clock.js';
import type { ProfileStore, StoredProfile } from '../store/profile-store.js';
import { readRules, reindex, type PaymentBook, type PaymentState } from './payment-state.js';

/**
 * The profiles written since the last call: with a store that reports its writes (`watch`), only
 * those are read again; any other store is listed in full each time (cheap: a revision compare per
 * payment). The first call lists the store.
 */
function createWrittenProfiles(profiles: ProfileStore): () => Promise<StoredProfile[]> {
  const written = new Set<string>();
  const watching = profiles.watch?.((stored) => {
    for (const profile of stored) written.add(profile.id);
  });
  let listed = false;
  return async () => {
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
  };
}

/** A new payment's state: scheduled today, its counter the profile's current-repeats-number. */
function scheduledToday(profile: StoredProfile, today: number): PaymentState {
  const rules = readRules(profile);
  return {
    revision: profile.revision,
    rules,
    scheduledOn: today,
    from: today,
    index: rules?.currentRepeatsNumber ?? 0,
    counterField: profile.fields['current-repeats-number'],
    lastChargedDay: undefined,
    stoppedOn: undefined,
    charges: [],
    callbacks: [],
  };
}

/**
 * An updated payment rescheduled today, keeping its counter (unless the update set
 * current-repeats-number) and never running again a day it was charged on.
 */
function reschedule(state: PaymentState, profile: StoredProfile, today: number): void {
  const rules = readRules(profile);
  const counterField = profile.fields['current-repeats-number'];
  state.revision = profile.revision;
  state.rules = rules;
  state.scheduledOn = today;
  state.from = Math.max(today, (state.lastChargedDay ?? today - 1) + 1);
  if (counterField !== state.counterField && rules !== undefined) state.index = rules.currentRepeatsNumber;
  state.counterField = counterField;
  // An update reschedules the payment: a manual stop no longer holds.
  state.stoppedOn = undefined;
}

/**
 * Brings each payment's state up to its stored revision: a new payment is scheduled today, an
 * updated one rescheduled today. Rule 11, "If a charge was made automatically, no further charges
 * are made unless done manually, even if the payment is stopped and rescheduled again", read as:
 * a charge made automatically is never made again automatically, stop and reschedule included
 * (the literal reading, nothing after the first charge, would end every recurring payment at one
 * charge).
 *
 * @example
 * ```ts
 * const sync = createPaymentSync(book, profiles, clock, (id) => changed.add(id));
 * await sync();
 * ```
 */
export function createPaymentSync(book: PaymentBook, profiles: ProfileStore, clock: EmulatorClock, changed: (id: string) => void): () => Promise<void> {
  const writtenProfiles = createWrittenProfiles(profiles);
  return async () => {
    const today = clock.today();
    for (const profile of await writtenProfiles()) {
      let state = book.states.get(profile.id);
      if (state !== undefined && state.revision === profile.revision) continue;
      if (state === undefined) {
        state = scheduledToday(profile, today);
        book.states.set(profile.id, state);
      } else reschedule(state, profile, today);
      reindex(book, profile.id, state);
      changed(profile.id);
    }
  };
}
