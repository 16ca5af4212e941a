import { engineCall } from '../_engine-call.js';
import { sweepSql } from './sql.js';

/**
 * The part of a `pg` Pool the stores call: `query(text, values)` resolving to its rows. A
 * `new Pool(...)` from `pg` fits as it is.
 *
 * @example
 * ```ts
 * // import pg from 'pg';
 * import type { PgPoolLike } from '@paysign/stores/postgres';
 *
 * const pool: PgPoolLike = new pg.Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 2_000 });
 * ```
 */
export interface PgPoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  on?(event: 'error', listener: (error: Error) => void): unknown;
  listenerCount?(event: 'error'): number;
}

/** One table's queries, see {@link tableAccess}. */
export interface TableAccess {
  query(text: string, values: unknown[]): Promise<Record<string, unknown>[]>;
}

/** Rows swept per statement. */
const SWEEP_BATCH = 500;

/**
 * One table's access: creates the table on first use (under an advisory lock, since concurrent
 * `CREATE TABLE IF NOT EXISTS` can collide in the catalogue), runs each query within the timeout,
 * and sweeps expired rows in the background at most every `sweepEveryMs`, in batches.
 */
export function tableAccess(pool: PgPoolLike, table: string, createSql: string, timeoutMs: number, sweepEveryMs: number): TableAccess {
  const sweepStatement = sweepSql(table, SWEEP_BATCH);
  // A pool emits 'error' when an idle connection dies (the server restarted): with no listener
  // that crashes the process. The query that needs the connection gets the error anyway.
  if (typeof pool.on === 'function' && pool.listenerCount?.('error') === 0) pool.on('error', () => undefined);
  let created: Promise<unknown> | undefined;
  let lastSweep = 0;
  let sweeping = false;
  const create = (): Promise<unknown> => {
    created ??= pool
      // Several statements in one simple query run as one implicit transaction: the lock holds to its end.
      .query(`SELECT pg_advisory_xact_lock(hashtext('paysign-stores:${table}')); ${createSql}`)
      .catch((error: unknown) => {
        created = undefined; // tried again on the next call
        throw error;
      });
    return created;
  };
  const sweep = (): void => {
    if (sweeping || Date.now() - lastSweep < sweepEveryMs) return;
    sweeping = true;
    lastSweep = Date.now();
    const run = async (): Promise<void> => {
      while (((await pool.query(sweepStatement)) as { rowCount?: number | null }).rowCount === SWEEP_BATCH);
    };
    // Off the request path; a failed sweep only leaves rows for the next one (expired rows never answer "seen").
    run()
      .catch(() => undefined)
      .finally(() => {
        sweeping = false;
      });
  };
  return {
    /** Runs one statement on the table (creating it first), then maybe sweeps. */
    async query(text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
      const rows = await engineCall('PostgreSQL', timeoutMs, async () => {
        await create();
        return (await pool.query(text, values)).rows;
      });
      sweep();
      return rows;
    },
  };
}
