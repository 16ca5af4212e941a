import { KeyedMutex } from './keyed-mutex.js';
import { withoutNeverStored } from './never-stored.js';
import type { ProfileFields, ProfileStore, StoredProfile } from './profile-store.js';

/**
 * An in-memory {@link ProfileStore}, optionally filled with `profiles` (each must carry
 * `recurring-payment-id`); `cvv2` is dropped, at creation and on every update, never kept.
 * Updates to the same profile are serialised; an update of several
 * profiles is applied to all of them or to none.
 *
 * @example
 * ```ts
 * const store = createMemoryProfileStore([{ 'recurring-payment-id': 'rp-1', 'credit-card-number': '4111111111111111' }]);
 * (await store.get('rp-1'))?.revision; // 0
 * ```
 * `revisions` gives profiles the revision they had when saved (a restored `--state`); others start at 0.
 */
export function createMemoryProfileStore(profiles: readonly ProfileFields[] = [], revisions?: ReadonlyMap<string, number>): ProfileStore {
  const byId = new Map<string, StoredProfile>();
  for (const fields of profiles) {
    const id = fields['recurring-payment-id'];
    if (id === undefined || id === '') throw new TypeError('every profile needs a recurring-payment-id');
    byId.set(id, Object.freeze({ id, fields: Object.freeze(withoutNeverStored(fields)), revision: revisions?.get(id) ?? 0 }));
  }
  const mutex = new KeyedMutex();
  const listeners = new Set<(stored: readonly StoredProfile[]) => void>();
  return {
    async get(id) {
      return byId.get(id);
    },
    async list() {
      return [...byId.values()];
    },
    async update(ids, change) {
      const release = await mutex.lock(ids);
      try {
        const current = new Map(ids.map((id) => [id, byId.get(id)] as const));
        const decision = await change(current);
        if ('refuse' in decision) return { result: decision.refuse, stored: [] };
        // Build every new record first, then swap them in without an await between: all or none.
        const next = [...decision.store].map(([id, fields]): StoredProfile => {
          if (!current.has(id)) throw new RangeError(`update() may only store the ids it locked, not ${id}`);
          const revision = (current.get(id)?.revision ?? -1) + 1;
          return Object.freeze({ id, fields: Object.freeze({ ...withoutNeverStored(fields), 'recurring-payment-id': id }), revision });
        });
        for (const profile of next) byId.set(profile.id, profile);
        for (const listener of listeners) listener(next);
        return { result: decision.result, stored: next };
      } finally {
        release();
      }
    },
    watch(listener) {
      // A wrapper per call, so watching twice with one function gives two independent subscriptions.
      const call = (stored: readonly StoredProfile[]) => listener(stored);
      listeners.add(call);
      return () => listeners.delete(call);
    },
  };
}
