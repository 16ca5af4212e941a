/**
 * What a store knows of a callback key: never seen, being handled now, or handled.
 *
 * @example
 * ```ts
 * import type { CallbackClaim } from '@paysign/gateway';
 *
 * const claim: CallbackClaim = await store.claim(key);
 * if (claim === 'new') await handle(callback); // 'pending' or 'done': another delivery has it
 * ```
 */
export type CallbackClaim = 'new' | 'pending' | 'done';

/**
 * Remembers which callbacks were handled, keyed by what the checksum covers: the JSON of
 * `[status, orderid, merchantOrder]` as verified (status lower-cased). Unsigned fields (`type`,
 * `client_orderid`, `amount`) are not in the key, so an edited copy of a handled callback is a
 * duplicate. `claim` must be atomic: of two concurrent claims of one key, one gets `new`.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, type CallbackClaim, type CallbackSeenStore } from '@paysign/gateway';
 *
 * // Shared by every instance: Redis SET NX claims a key atomically.
 * const seen: CallbackSeenStore = {
 *   claim: async (key): Promise<CallbackClaim> => ((await redis.set(`cb:${key}`, 'pending', { NX: true })) ? 'new' : ((await redis.get(`cb:${key}`)) as CallbackClaim)),
 *   complete: async (key) => void (await redis.set(`cb:${key}`, 'done')),
 *   release: async (key) => void (await redis.del(`cb:${key}`)),
 * };
 * const handler = createCallbackHandler({ controlKey, findOrder, onCallback, seen });
 * ```
 */
export interface CallbackSeenStore {
  /** Marks the key pending if it was never seen, and says what it was before. */
  claim(key: string): CallbackClaim | Promise<CallbackClaim>;
  /** The key's callback was handled: later deliveries are duplicates. */
  complete(key: string): void | Promise<void>;
  /** Handling failed: forget the key, so the gateway's retry is handled again. */
  release(key: string): void | Promise<void>;
}

/**
 * An in-memory {@link CallbackSeenStore} for one process, remembering at most `maxEntries`
 * handled callbacks (default 100,000; the oldest are forgotten first).
 *
 * @example
 * ```ts
 * const handler = createCallbackHandler({ controlKey, findOrder, onCallback, seen: createMemoryCallbackStore({ maxEntries: 10_000 }) });
 * ```
 */
export function createMemoryCallbackStore(options: { maxEntries?: number } = {}): CallbackSeenStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const states = new Map<string, 'pending' | 'done'>();
  return {
    claim(key) {
      const state = states.get(key);
      if (state !== undefined) return state;
      states.set(key, 'pending');
      return 'new';
    },
    complete(key) {
      states.delete(key);
      states.set(key, 'done');
      while (states.size > maxEntries) {
        const oldest = states.keys().next().value as string;
        states.delete(oldest);
      }
    },
    release(key) {
      states.delete(key);
    },
  };
}
