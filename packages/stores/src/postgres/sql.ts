import { StoreError } from '../errors.js';

// A table name: an identifier, optionally schema-qualified, lower case (so unquoted SQL names the same table).
const TABLE = /^(?:[a-z_][a-z0-9_]{0,62}\.)?[a-z_][a-z0-9_]{0,62}$/;

/** Checks a table option; the SQL below interpolates it, so nothing but an identifier gets through. */
export function tableName(option: string, value: string): string {
  if (!TABLE.test(value))
    throw new StoreError(
      'INVALID_OPTIONS',
      `${option} must be a lower-case SQL identifier, optionally schema-qualified (schema.table), of at most 63 characters each`,
    );
  return value;
}

const indexName = (table: string, suffix: string): string => `${table.slice(table.indexOf('.') + 1).slice(0, 50)}_${suffix}`;

/**
 * The SQL that creates the nonce table of {@link createPostgresNonceStore} (what the store runs on
 * first use, `IF NOT EXISTS`), for a migration tool: one row per nonce, its scope and key the
 * primary key (as bytes: a verifier's nonce key joins its parts with NUL, which `text` refuses),
 * an index on the expiry for the sweep.
 *
 * @throws {StoreError} `INVALID_OPTIONS` when `table` is not a plain identifier.
 * @example
 * ```ts
 * import { postgresNonceTableSql } from '@paysign/stores/postgres';
 *
 * await pool.query(postgresNonceTableSql('paysign_nonces')); // or paste it into a migration
 * ```
 */
export function postgresNonceTableSql(table = 'paysign_nonces'): string {
  const name = tableName('table', table);
  return `CREATE TABLE IF NOT EXISTS ${name} (
  scope bytea NOT NULL,
  key bytea NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS ${indexName(name, 'expires_at')} ON ${name} (expires_at);`;
}

/**
 * The SQL that creates the callback table of {@link createPostgresCallbackStore}: one row per
 * callback key, `pending` (a lease, with its claim's token) or `done`, each until `expires_at`.
 *
 * @throws {StoreError} `INVALID_OPTIONS` when `table` is not a plain identifier.
 * @example
 * ```ts
 * import { postgresCallbackTableSql } from '@paysign/stores/postgres';
 *
 * await pool.query(postgresCallbackTableSql('paysign_callbacks'));
 * ```
 */
export function postgresCallbackTableSql(table = 'paysign_callbacks'): string {
  const name = tableName('table', table);
  return `CREATE TABLE IF NOT EXISTS ${name} (
  key text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('pending', 'done')),
  token text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS ${indexName(name, 'expires_at')} ON ${name} (expires_at);`;
}

/**
 * Deletes up to `limit` expired rows of `table`, locking only them: rows another sweep (or a
 * claim) holds are skipped, never waited for, and the table is never locked as a whole.
 */
export function sweepSql(table: string, limit: number): string {
  return `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE expires_at <= now() LIMIT ${limit} FOR UPDATE SKIP LOCKED)`;
}
