import type { MaybePromise } from '../adapters/types.js';

/**
 * Remembers nonces until they expire, so that a request cannot be replayed inside the
 * timestamp window. Back it with Redis, KV or a database to share it between instances.
 */
export interface NonceStore {
  /**
   * Records `key` until `expiresAt` (Unix seconds). Returns `true` when the key was new, `false`
   * when it was seen before and has not expired (a replay), or `'full'` when it cannot be stored.
   */
  remember(key: string, expiresAt: number): MaybePromise<boolean | 'full'>;
}

/**
 * An in-memory {@link NonceStore}: bounded (`maxEntries`, default 100,000) and self-cleaning
 * (expired entries are dropped as new ones arrive). When full of live entries it refuses new
 * ones rather than forget a live nonce, so a flood cannot open a replay window.
 *
 * @example
 * ```ts
 * const verifier = createVerifier({ lookup, nonceStore: createMemoryNonceStore({ maxEntries: 10_000 }) });
 * ```
 */
export function createMemoryNonceStore(options: { maxEntries?: number; now?: () => number } = {}): NonceStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? (() => Date.now() / 1000);
  // Insertion order is close to expiry order (expiry = timestamp + window), so sweeping from the
  // front drops expired entries without scanning live ones.
  const entries = new Map<string, number>();
  function sweep(time: number): void {
    for (const [key, expiresAt] of entries) {
      if (expiresAt > time) break;
      entries.delete(key);
    }
  }
  return {
    remember(key, expiresAt) {
      const time = now();
      const seen = entries.get(key);
      if (seen !== undefined && seen > time) return false;
      sweep(time);
      if (entries.size >= maxEntries) {
        // Entries arriving out of expiry order may hide expired ones behind live ones.
        for (const [k, e] of entries) if (e <= time) entries.delete(k);
        if (entries.size >= maxEntries) return 'full';
      }
      entries.delete(key);
      entries.set(key, expiresAt);
      return true;
    },
  };
}
