// Where the store tests find their database servers: shared by ensure-services.mjs (which installs
// them) and packages/stores/test (which starts them). Returns undefined when one is missing.
import { existsSync, readdirSync } from 'node:fs';

/** The redis-server binary: PAYSIGN_REDIS_SERVER, else Debian's. */
export function findRedisServer() {
  const candidates = [process.env.PAYSIGN_REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server', '/opt/homebrew/bin/redis-server'];
  return candidates.find((path) => path && existsSync(path));
}

/** PostgreSQL's bin/ folder (initdb, pg_ctl, postgres): PAYSIGN_PG_BIN, else Debian's newest, else Homebrew's. */
export function findPostgresBin() {
  if (process.env.PAYSIGN_PG_BIN) return existsSync(`${process.env.PAYSIGN_PG_BIN}/pg_ctl`) ? process.env.PAYSIGN_PG_BIN : undefined;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && existsSync(`${debian}/${name}/bin/pg_ctl`) && existsSync(`${debian}/${name}/bin/initdb`))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return `${debian}/${versions[0]}/bin`;
  }
  for (const prefix of ['/opt/homebrew', '/usr/local']) {
    const bin = `${prefix}/opt/${HOMEBREW_POSTGRESQL}/bin`;
    if (existsSync(`${bin}/pg_ctl`) && existsSync(`${bin}/initdb`)) return bin;
  }
  return undefined;
}

/** The Homebrew formula of PostgreSQL the scripts install on macOS. */
export const HOMEBREW_POSTGRESQL = 'postgresql@16';
