import type { NonceStore } from '@paysign/oauth-core';
import { DEFAULT_TIMEOUT_MS, positiveMs } from '../_engine-call.js';
import { storedNonceBytes } from '../_key.js';
import { StoreError } from '../errors.js';
import { type PgPoolLike, tableAccess } from './pool.js';
import { postgresNonceTableSql, tableName } from './sql.js';

/**
 * Options of {@link createPostgresNonceStore}.
 *
 * @example
 * ```ts
 * import { createPostgresNonceStore, type PostgresNonceStoreOptions } from '@paysign/stores/postgres';
 *
 * const options: PostgresNonceStoreOptions = { pool, table: 'payments.oauth_nonces' };
 * const nonceStore = createPostgresNonceStore(options);
 * ```
 */
export interface PostgresNonceStoreOptions {
  /** A `pg` Pool (or anything with its `query(text, values)`). */
  pool: PgPoolLike;
  /** The table, created on first use if missing. Default `'paysign_nonces'`. */
  table?: string;
  /** Longest wait for the server, in ms, before `STORE_UNAVAILABLE`. Default 5,000. */
  timeoutMs?: number;
  /** Least time between two background sweeps of expired rows, in ms. Default 10,000. */
  sweepEveryMs?: number;
  /**
   * How far an instance's clock may be from the database's, in ms: each nonce is kept this much
   * past its `expiresAt` (on the database's clock), so that an instance whose clock is behind, and
   * still lets the timestamp pass, finds it. Default 300,000 (5 min); 0 keeps it exactly to `expiresAt`.
   */
  clockSkewMs?: number;
}

/**
 * A {@link NonceStore} in PostgreSQL, shared by every instance that uses the same table: one
 * `INSERT ... ON CONFLICT` per nonce, so of any number of instances presenting one nonce at once
 * exactly one gets `true`. A nonce is kept until its `expiresAt` plus `clockSkewMs`, by the
 * database's clock (`now()`), never an instance's. A row whose time has passed is taken over by the
 * same statement (`DO UPDATE ... WHERE expires_at <= now()`, one winner), swept or not; a key or
 * scope longer than 200 bytes is stored as its SHA-256; expired rows are deleted in the background in batches of
 * 500 (`FOR UPDATE SKIP LOCKED`, never a table lock). A nonce already past its expiry is never
 * new: it resolves `false`. A server that cannot be reached rejects with `StoreError`
 * `STORE_UNAVAILABLE`.
 *
 * @throws {StoreError} `INVALID_OPTIONS` for a table name that is not an identifier, or a bad duration.
 * @example
 * ```ts
 * // import pg from 'pg';
 * import { createVerifier } from '@paysign/oauth-core';
 * import { createPostgresNonceStore } from '@paysign/stores/postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 2_000 });
 * const verifier = createVerifier({ lookup, nonceStore: createPostgresNonceStore({ pool }) });
 * ```
 */
export function createPostgresNonceStore(options: PostgresNonceStoreOptions): NonceStore {
  const table = tableName('table', options.table ?? 'paysign_nonces');
  const timeoutMs = positiveMs('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const sweepEveryMs = positiveMs('sweepEveryMs', options.sweepEveryMs, 10_000);
  const clockSkewMs = options.clockSkewMs === 0 ? 0 : positiveMs('clockSkewMs', options.clockSkewMs, 300_000);
  const access = tableAccess(options.pool, table, postgresNonceTableSql(table), timeoutMs, sweepEveryMs);
  // Inserted when new or when the stored row has expired; no row back means seen (or already past its expiry).
  const remember = `INSERT INTO ${table} AS stored (scope, key, expires_at)
SELECT decode($1, 'hex'), decode($2, 'hex'), to_timestamp($3::double precision) WHERE to_timestamp($3::double precision) > now()
ON CONFLICT (scope, key) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE stored.expires_at <= now()
RETURNING 1 AS fresh`;
  return {
    async remember(key, expiresAt, scope) {
      if (!Number.isFinite(expiresAt)) throw new StoreError('INVALID_OPTIONS', 'a nonce expiry must be a finite number of seconds');
      const rows = await access.query(remember, [await storedNonceBytes(scope ?? ''), await storedNonceBytes(key), expiresAt + clockSkewMs / 1000]);
      return rows.length === 1;
    },
  };
}
