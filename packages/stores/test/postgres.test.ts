import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStoreError } from '@paysign/stores';
import { createPostgresCallbackStore, createPostgresNonceStore, postgresCallbackTableSql, postgresNonceTableSql } from '@paysign/stores/postgres';
import { callbackStoreContract, nonceStoreContract } from './_contract.js';
import { holder, kill, race } from './_processes.js';
import { type PostgresServer, startPostgres } from './_servers.js';

// Every case against a real PostgreSQL (initdb and pg_ctl in a temporary directory, on a free
// loopback port), through a real `pg` Pool.

let server: PostgresServer;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startPostgres();
  pool = new pg.Pool({ connectionString: server.connectionString, max: 10 });
});

afterAll(async () => {
  await pool?.end().catch(() => undefined);
  await server?.stop();
});

nonceStoreContract('PostgreSQL', () => ({ store: () => createPostgresNonceStore({ pool, clockSkewMs: 0 }) }));
callbackStoreContract('PostgreSQL', () => ({ store: (options) => createPostgresCallbackStore({ pool, ...options }), shared: true }));

describe('the tables', () => {
  it('are created on first use, by 8 stores at once, as the exported SQL says', async () => {
    const stores = Array.from({ length: 8 }, () => createPostgresNonceStore({ pool, table: 'first_use.nonces' }));
    await pool.query('CREATE SCHEMA IF NOT EXISTS first_use');
    const results = await Promise.all(stores.map((store) => store.remember('k', Date.now() / 1000 + 60, 's')));
    expect(results.filter((r) => r === true)).toHaveLength(1);
    const columns = await pool.query(
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'first_use' AND table_name = 'nonces' ORDER BY ordinal_position",
    );
    expect(columns.rows).toEqual([
      { column_name: 'scope', data_type: 'bytea' },
      { column_name: 'key', data_type: 'bytea' },
      { column_name: 'expires_at', data_type: 'timestamp with time zone' },
    ]);
    // The exported SQL is what ran: applying it again changes nothing.
    await pool.query(postgresNonceTableSql('first_use.nonces'));
    await pool.query(postgresCallbackTableSql('first_use.callbacks'));
    const indexes = await pool.query("SELECT indexname FROM pg_indexes WHERE schemaname = 'first_use' ORDER BY indexname");
    expect(indexes.rows.map((row) => row.indexname)).toEqual(['callbacks_expires_at', 'callbacks_pkey', 'nonces_expires_at', 'nonces_pkey']);
  });

  it('a table name that is not an identifier is refused before any SQL', () => {
    expect(() => createPostgresNonceStore({ pool, table: 'x; DROP TABLE y' })).toThrow(/table must be a lower-case SQL identifier/);
    expect(() => postgresCallbackTableSql('"quoted"')).toThrow(/table must be a lower-case SQL identifier/);
  });

  it('expired rows are swept in the background, in batches, skipping (never waiting for) a row another transaction holds', async () => {
    const store = createPostgresNonceStore({ pool, table: 'swept_nonces', sweepEveryMs: 1 });
    expect(await store.remember('first', Date.now() / 1000 + 60, 's')).toBe(true);
    // 1,200 rows expiring in a second: more than two batches of 500.
    await pool.query(
      "INSERT INTO swept_nonces SELECT 's'::bytea, convert_to('k' || n, 'UTF8'), now() + interval '1 second' FROM generate_series(0, 1199) AS n",
    );
    const holding = await pool.connect();
    try {
      await holding.query('BEGIN');
      expect((await holding.query("SELECT key FROM swept_nonces WHERE key = 'k0'::bytea FOR UPDATE")).rows).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(await store.remember('trigger', Date.now() / 1000 + 60, 's')).toBe(true);
      for (let i = 0; i < 50; i++) {
        const { rows } = await pool.query('SELECT count(*)::int AS n FROM swept_nonces');
        if (rows[0].n === 3) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const { rows } = await pool.query("SELECT convert_from(key, 'UTF8') AS key FROM swept_nonces ORDER BY key");
      expect(rows.map((row) => row.key)).toEqual(['first', 'k0', 'trigger']);
    } finally {
      await holding.query('ROLLBACK');
      holding.release();
    }
  });
});

describe('8 processes at the same instant', () => {
  it('exactly one remembers the nonce as new and exactly one claims the callback', async () => {
    const results = await race('postgres', server.connectionString, randomUUID(), randomUUID());
    expect(results.filter((r) => r.nonce === true)).toHaveLength(1);
    expect(results.filter((r) => r.nonce === false)).toHaveLength(7);
    expect(results.filter((r) => r.claim === 'new')).toHaveLength(1);
    expect(results.filter((r) => r.claim === 'pending')).toHaveLength(7);
  });
});

describe('a claimant SIGKILLed holding its claim', () => {
  it('the callback is pending until the lease ends, then claimed again by exactly one of 8 processes', async () => {
    const callback = randomUUID();
    const leaseMs = 2_000;
    const claimedAt = Date.now();
    const dead = await holder('postgres', server.connectionString, callback, leaseMs);
    expect(dead.claim).toBe('new');
    await kill(dead.child);
    expect((await createPostgresCallbackStore({ pool, leaseMs }).claim(callback)).state).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, claimedAt + leaseMs + 500 - Date.now())));
    const results = await race('postgres', server.connectionString, randomUUID(), callback, 8, leaseMs);
    expect(results.filter((r) => r.claim === 'new')).toHaveLength(1);
    expect(results.filter((r) => r.claim === 'pending')).toHaveLength(7);
  });
});

describe('the server stopped mid-run', () => {
  it('remember and claim reject with STORE_UNAVAILABLE within the timeout, never "new"; the pool does not crash the process', async () => {
    const outage = await startPostgres();
    const outagePool = new pg.Pool({ connectionString: outage.connectionString, connectionTimeoutMillis: 1_000 });
    try {
      const nonces = createPostgresNonceStore({ pool: outagePool, timeoutMs: 2_000 });
      const callbacks = createPostgresCallbackStore({ pool: outagePool, timeoutMs: 2_000 });
      expect(await nonces.remember(randomUUID(), Date.now() / 1000 + 60, 's')).toBe(true);
      expect((await callbacks.claim(randomUUID())).state).toBe('new');
      await outage.stop();
      for (let round = 0; round < 2; round++) {
        const started = Date.now();
        const outcomes = await Promise.allSettled([nonces.remember(randomUUID(), Date.now() / 1000 + 60, 's'), callbacks.claim(randomUUID())]);
        expect(Date.now() - started).toBeLessThan(2_500);
        for (const outcome of outcomes) {
          expect(outcome.status).toBe('rejected');
          const reason = (outcome as PromiseRejectedResult).reason as Error & { code?: string };
          expect([isStoreError(reason), reason.code]).toEqual([true, 'STORE_UNAVAILABLE']);
          expect(reason.message).not.toContain('postgres://');
        }
      }
    } finally {
      await outagePool.end().catch(() => undefined);
    }
  });
});
