/** A recurring payment as the emulator keeps it: wire-named fields (`credit-card-number`, `period`, ...). */
export type ProfileFields = Readonly<Record<string, string>>;

/** A stored recurring payment: its id, its fields and how many updates it has received. */
export interface StoredProfile {
  readonly id: string;
  readonly fields: ProfileFields;
  /** 0 when loaded; each applied update adds 1, so lost updates show. */
  readonly revision: number;
}

/** What a change decides: new fields per id to store, or a refusal that stores nothing. */
export type ProfileChange<T> = { store: ReadonlyMap<string, ProfileFields>; result: T } | { refuse: T };

/**
 * Where recurring payments live. `update` is the only write: it reads the current profiles of
 * `ids`, lets `change` decide, and stores all of its answer or none of it. Updates that share an
 * id run one after another, so no update is lost to another's read-modify-write.
 */
export interface ProfileStore {
  get(id: string): Promise<StoredProfile | undefined>;
  list(): Promise<StoredProfile[]>;
  /** Resolves to the change's result and the profiles as stored (empty when it refused). */
  update<T>(
    ids: readonly string[],
    change: (current: ReadonlyMap<string, StoredProfile | undefined>) => ProfileChange<T> | Promise<ProfileChange<T>>,
  ): Promise<{ result: T; stored: readonly StoredProfile[] }>;
}
