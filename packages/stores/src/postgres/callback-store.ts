import type { CallbackClaim, CallbackSeenStore } from '@paysign/gateway';
import { claimToken, DEFAULT_TIMEOUT_MS, positiveMs } from '../_engine-call.js';
import { storedCallbackKey } from '../_key.js';
import { DEFAULT_DONE_TTL_MS, DEFAULT_LEASE_MS } from '../lease.js';
import { type PgPoolLike, tableAccess } from './pool.js';
import { postgresCallbackTableSql, tableName } from './sql.js';

/**
 * Options of {@link createPostgresCallbackStore}.
 *
 * @example
 * ```ts
 * import { createPostgresCallbackStore, type PostgresCallbackStoreOptions } from '@paysign/stores/postgres';
 *
 * const options: PostgresCallbackStoreOptions = { pool, leaseMs: 120_000 }; // onCallback may take a minute
 * const seen = createPostgresCallbackStore(options);
 * ```
 */
export interface PostgresCallbackStoreOptions {
  /** A `pg` Pool (or anything with its `query(text, values)`). */
  pool: PgPoolLike;
  /** The table, created on first use if missing. Default `'paysign_callbacks'`. */
  table?: string;
  /** How long a claim holds without `complete` or `release`, in ms. Default 60,000. */
  leaseMs?: number;
  /** How long a handled callback stays `done`, in ms. Default 15 days (the gateway retries for 14). */
  doneTtlMs?: number;
  /** Longest wait for the server, in ms, before `STORE_UNAVAILABLE`. Default 5,000. */
  timeoutMs?: number;
  /** Least time between two background sweeps of expired rows, in ms. Default 10,000. */
  sweepEveryMs?: number;
}

/**
 * A {@link CallbackSeenStore} in PostgreSQL whose claim is a lease. `claim` is one statement: an
 * `INSERT ... ON CONFLICT DO UPDATE ... WHERE expires_at <= now()` that writes a `pending` row
 * with this claim's token until now + `leaseMs`, when there is no row or the stored one has
 * expired (a lease nobody completed, or a `done` older than `doneTtlMs`); of concurrent claims
 * exactly one writes it and gets `new`, the others read `pending` or `done`. `complete(key, token)`
 * makes the row `done` for `doneTtlMs` while it holds this claim's token or no live lease;
 * `release(key, token)` deletes it only while it holds this claim's token (`DELETE ... WHERE token
 * = $2`): a late call never touches the lease of a claim that replaced it; `renew(key, token)`
 * (the handler calls it while your code runs) extends only this claim's live lease. A key of any length
 * fits (one longer than 200 bytes is stored as its SHA-256). Every time is the database's
 * (`now()`). A server that cannot be reached rejects with `StoreError` `STORE_UNAVAILABLE`.
 *
 * @throws {StoreError} `INVALID_OPTIONS` for a table name that is not an identifier, or a bad
 *   duration; `claim`, `complete` and `release` reject with `INVALID_KEY` for a key with a NUL.
 * @example
 * ```ts
 * // import pg from 'pg';
 * import { createCallbackHandler } from '@paysign/gateway';
 * import { createPostgresCallbackStore } from '@paysign/stores/postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 2_000 });
 * const handler = createCallbackHandler({ controlKey, findOrder, onCallback, seen: createPostgresCallbackStore({ pool }) });
 * ```
 */
export function createPostgresCallbackStore(options: PostgresCallbackStoreOptions): CallbackSeenStore {
  const table = tableName('table', options.table ?? 'paysign_callbacks');
  const leaseMs = positiveMs('leaseMs', options.leaseMs, DEFAULT_LEASE_MS);
  const doneTtlMs = positiveMs('doneTtlMs', options.doneTtlMs, DEFAULT_DONE_TTL_MS);
  const timeoutMs = positiveMs('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const sweepEveryMs = positiveMs('sweepEveryMs', options.sweepEveryMs, 10_000);
  const access = tableAccess(options.pool, table, postgresCallbackTableSql(table), timeoutMs, sweepEveryMs);
  const until = (param: string): string => `now() + make_interval(secs => ${param}::double precision / 1000)`;
  // The read sees the table as it was when the statement began: a row another claimant wrote
  // since reads as missing, answered 'pending' (the gateway retries), never 'new'.
  const claim = `WITH claimed AS (
  INSERT INTO ${table} AS stored (key, state, token, expires_at) VALUES ($1, 'pending', $2, ${until('$3')})
  ON CONFLICT (key) DO UPDATE SET state = 'pending', token = EXCLUDED.token, expires_at = EXCLUDED.expires_at WHERE stored.expires_at <= now()
  RETURNING 1
)
SELECT CASE WHEN EXISTS (SELECT 1 FROM claimed) THEN 'new' ELSE (SELECT state FROM ${table} WHERE key = $1 AND expires_at > now()) END AS claim`;
  // Done while the row holds this claim's lease, none (expired), or is done already; another claim's live lease is left alone.
  const complete = `INSERT INTO ${table} AS stored (key, state, token, expires_at) VALUES ($1, 'done', NULL, ${until('$3')})
ON CONFLICT (key) DO UPDATE SET state = 'done', token = NULL, expires_at = EXCLUDED.expires_at
WHERE stored.token = $2 OR stored.state = 'done' OR stored.expires_at <= now()`;
  const release = `DELETE FROM ${table} WHERE key = $1 AND state = 'pending' AND token = $2`;
  const renew = `UPDATE ${table} SET expires_at = ${until('$3')} WHERE key = $1 AND state = 'pending' AND token = $2 AND expires_at > now() RETURNING 1`;
  return {
    async claim(key): Promise<CallbackClaim> {
      const token = claimToken();
      const [row] = await access.query(claim, [await storedCallbackKey(key), token, leaseMs]);
      const state = row?.claim;
      if (state === 'new') return { state: 'new', token };
      return state === 'done' ? { state: 'done' } : { state: 'pending' };
    },
    async complete(key, token) {
      await access.query(complete, [await storedCallbackKey(key), String(token), doneTtlMs]);
    },
    async release(key, token) {
      await access.query(release, [await storedCallbackKey(key), String(token)]);
    },
    async renew(key, token) {
      return (await access.query(renew, [await storedCallbackKey(key), String(token), leaseMs])).length === 1;
    },
    leaseMs,
  };
}
