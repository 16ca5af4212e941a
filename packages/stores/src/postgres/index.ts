// @paysign/stores/postgres: the nonce and callback stores on a `pg` Pool (not imported: the caller
// brings one), and the SQL of their tables for migrations.
export { createPostgresCallbackStore, type PostgresCallbackStoreOptions } from './callback-store.js';
export { createPostgresNonceStore, type PostgresNonceStoreOptions } from './nonce-store.js';
export type { PgPoolLike } from './pool.js';
export { postgresCallbackTableSql, postgresNonceTableSql } from './sql.js';
