/**
 * A recurring payment as the emulator keeps it: wire-named fields (`credit-card-number`, `period`, ...).
 *
 * @example
 * ```ts
 * import { createMemoryProfileStore, type ProfileFields } from '@paysign/emulator';
 *
 * const profile: ProfileFields = { 'recurring-payment-id': '7701', 'client-orderid': 'order-1', amount: '10.00', period: 'month', interval: '1' };
 * const store = createMemoryProfileStore([profile]);
 * ```
 */
export type ProfileFields = Readonly<Record<string, string>>;

/**
 * A stored recurring payment: its id, its fields and how many updates it has received.
 *
 * @example
 * ```ts
 * import type { StoredProfile } from '@paysign/emulator';
 *
 * const stored: StoredProfile | undefined = await emulator.profiles.get('7701');
 * console.log(stored?.fields.amount, stored?.revision); // revision 1 after one update
 * ```
 */
export interface StoredProfile {
  readonly id: string;
  readonly fields: ProfileFields;
  /** 0 when loaded; each applied update adds 1, so lost updates show. */
  readonly revision: number;
}

/**
 * What a change decides: new fields per id to store, or a refusal that stores nothing.
 *
 * @example
 * ```ts
 * import { createEmulator, type ProfileChange } from '@paysign/emulator';
 *
 * const emulator = createEmulator({ merchants });
 * const { result } = await emulator.profiles.update(['7701'], (current): ProfileChange<string> => {
 *   const profile = current.get('7701');
 *   if (!profile) return { refuse: 'no such payment' };
 *   return { store: new Map([['7701', { ...profile.fields, amount: '12.00' }]]), result: 'updated' };
 * });
 * ```
 */
export type ProfileChange<T> = { store: ReadonlyMap<string, ProfileFields>; result: T } | { refuse: T };

/**
 * Where recurring payments live. `update` is the only write: it reads the current profiles of
 * `ids`, lets `change` decide, and stores all of its answer or none of it. Updates that share an
 * id run one after another, so no update is lost to another's read-modify-write.
 *
 * @example
 * ```ts
 * import { createEmulator, createMemoryProfileStore, parseProfiles, type ProfileStore } from '@paysign/emulator';
 *
 * const profiles: ProfileStore = createMemoryProfileStore(parseProfiles(await Deno.readTextFile('profiles.json')));
 * const emulator = createEmulator({ merchants, profiles });
 * console.log((await profiles.list()).length);
 * ```
 */
export interface ProfileStore {
  get(id: string): Promise<StoredProfile | undefined>;
  list(): Promise<StoredProfile[]>;
  /** Resolves to the change's result and the profiles as stored (empty when it refused). */
  update<T>(
    ids: readonly string[],
    change: (current: ReadonlyMap<string, StoredProfile | undefined>) => ProfileChange<T> | Promise<ProfileChange<T>>,
  ): Promise<{ result: T; stored: readonly StoredProfile[] }>;
  /**
   * Optional: calls `listener` with the profiles each update stored, as soon as they are in place
   * (before that `update` resolves); returns a function that stops the calls. The recurring
   * engine uses it to re-read only the payments written since its last run; a store without it
   * is listed in full at every run.
   */
  watch?(listener: (stored: readonly StoredProfile[]) => void): () => void;
}
