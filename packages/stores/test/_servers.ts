// Real database servers for the store tests (scripts/services/servers.mjs, shared with bench/):
// started in temporary directories on free loopback ports, stopped by the tests. A missing binary
// is a failure, never a skip: `pnpm services:ensure` installs them.
// @ts-expect-error: a plain .mjs script without declarations
import * as servers from '../../../scripts/services/servers.mjs';

export interface RedisServer {
  url: string;
  port: number;
  /** Kills the server (SIGKILL) and starts it again on the same port: empty without persistence. */
  restart(): Promise<void>;
  /** Kills the server (SIGKILL: an outage, not a shutdown). */
  stop(): Promise<void>;
}

export interface PostgresServer {
  connectionString: string;
  port: number;
  /** Stops the server at once (`-m immediate`, as a crash) and starts it again on its data. */
  restart(): Promise<void>;
  /** Stops the server at once (`pg_ctl stop -m immediate`: connections are cut). */
  stop(): Promise<void>;
}

export const freePort: () => Promise<number> = servers.freePort;
/** `persistence`: `--appendonly yes --appendfsync always` (default off: `--appendonly no`). */
export const startRedis: (options?: { persistence?: boolean }) => Promise<RedisServer> = servers.startRedis;
export const startPostgres: () => Promise<PostgresServer> = servers.startPostgres;
