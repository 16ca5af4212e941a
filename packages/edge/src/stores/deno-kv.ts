// A NonceStore shared by every isolate of the proxy on Deno Deploy (or every process opening the
// same Deno KV database): an atomic check-and-set per key. Imported by the Deno entry only.
import type { NonceStore } from '@paysign/oauth-core/webcrypto';
import { StaleNonceError } from './stale-nonce.js';

type KvKey = readonly (string | number)[];

/**
 * The parts of a `Deno.Kv` the store uses.
 *
 * @example
 * ```ts
 * import { createDenoKvNonceStore, type DenoKvLike } from '@paysign/edge/deno';
 *
 * const kv: DenoKvLike = await Deno.openKv(); // a Deno.Kv fits
 * const nonceStore = createDenoKvNonceStore(kv);
 * ```
 */
export interface DenoKvLike {
  get(key: KvKey): Promise<{ value: unknown; versionstamp: string | null }>;
  atomic(): {
    check(...checks: { key: KvKey; versionstamp: string | null }[]): DenoKvAtomicLike;
  };
}

/**
 * The parts of a `Deno.AtomicOperation` the store uses.
 *
 * @example
 * ```ts
 * import type { DenoKvAtomicLike } from '@paysign/edge/deno';
 *
 * // What Deno.Kv's atomic().check(...) returns: set, then commit.
 * const operation: DenoKvAtomicLike = kv.atomic().check({ key: ['nonce', 'k'], versionstamp: null });
 * const { ok } = await operation.set(['nonce', 'k'], 1, { expireIn: 60_000 }).commit();
 * ```
 */
export interface DenoKvAtomicLike {
  set(key: KvKey, value: unknown, options?: { expireIn?: number }): DenoKvAtomicLike;
  commit(): Promise<{ ok: boolean }>;
}

/**
 * Options of {@link createDenoKvNonceStore}.
 *
 * @example
 * ```ts
 * import { createDenoKvNonceStore, type DenoKvNonceStoreOptions } from '@paysign/edge/deno';
 *
 * const options: DenoKvNonceStoreOptions = { prefix: 'proxy-eu-nonces' }; // one KV shared by two proxies
 * const nonceStore = createDenoKvNonceStore(Deno.openKv(), options);
 * ```
 */
export interface DenoKvNonceStoreOptions {
  /** The first part of every key the store writes. Default `'paysign-nonces'`. */
  prefix?: string;
  /** The clock, in Unix seconds. Default `Date.now() / 1000`. */
  now?: () => number;
}

/** Seconds a key is kept past its expiry, for clock differences between isolates. */
const GRACE_SECONDS = 60;

// A KV database in a local file opened by several processes (SQLite underneath) answers "database
// is locked" while another process writes: contention, not an outage. Tried again shortly, a few
// times; past that the error stands and the proxy answers 503 (never "new").
async function whileLocked<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= 5 || !/database is locked/i.test(error instanceof Error ? error.message : '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt + Math.random() * 10));
    }
  }
}

/**
 * A {@link NonceStore} in Deno KV: `kv.atomic().check({ key, versionstamp: null }).set(key, ...,
 * { expireIn })` stores a key only if no one has, so a key is accepted once across every isolate
 * and process that opens the same database (on Deno Deploy: every instance of the project). Keys
 * live until their expiry plus 60 s, then KV deletes them; an expired key KV has not deleted yet
 * is replaced under a versionstamp check. Entries are bounded in time, not in number. An error
 * from KV throws, and the proxy then refuses with 503 `REPLAY_STORE_UNAVAILABLE`; a nonce already
 * past its keep-until (expiry plus 60 s) throws too, and the proxy refuses it 401 as a stale timestamp.
 *
 * @example
 * ```ts
 * import { createDenoHandler, createDenoKvNonceStore } from 'npm:@paysign/edge/deno';
 * Deno.serve(createDenoHandler({ nonceStore: createDenoKvNonceStore(Deno.openKv()) }));
 * ```
 */
export function createDenoKvNonceStore(kv: DenoKvLike | Promise<DenoKvLike>, options: DenoKvNonceStoreOptions = {}): NonceStore {
  const prefix = options.prefix ?? 'paysign-nonces';
  const now = options.now ?? (() => Date.now() / 1000);
  return {
    async remember(key, expiresAt, scope) {
      const db = await kv;
      const entry: KvKey = [prefix, scope ?? '', key];
      // Three rounds at most: each lost round means another isolate just wrote this very key.
      for (let round = 0; round < 3; round++) {
        const time = now();
        const keepUntil = expiresAt + GRACE_SECONDS;
        // Already past its keep-until: stale, never new (a key not kept could be presented again).
        if (keepUntil <= time) throw new StaleNonceError("the nonce's keep-until has passed by the store's clock");
        const expireIn = Math.ceil((keepUntil - time) * 1000);
        const stored = round === 0 ? { value: undefined, versionstamp: null } : await whileLocked(() => db.get(entry));
        if (typeof stored.value === 'number' && stored.value > time) return false;
        const result = await whileLocked(() =>
          db.atomic().check({ key: entry, versionstamp: stored.versionstamp }).set(entry, keepUntil, { expireIn }).commit(),
        );
        if (result.ok) return true;
      }
      return false;
    },
  };
}
