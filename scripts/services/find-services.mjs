// Where the store tests find their database servers: shared by ensure-services.mjs (which installs
// them) and packages/stores/test (which starts them). Returns undefined when one is missing.
import { existsSync, readdirSync } from 'node:fs';

/** The redis-server binary: PAYSIGN_REDIS_SERVER, else Debian's. */
export function findRedisServer() {
  const candidates = [process.env.PAYSIGN_REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server'];
  return candidates.find((path) => path && existsSync(path));
}

/** PostgreSQL's bin/ folder (initdb, pg_ctl, postgres): PAYSIGN_PG_BIN, else Debian's newest. */
export function findPostgresBin() {
  if (process.env.PAYSIGN_PG_BIN) return existsSync(`${process.env.PAYSIGN_PG_BIN}/pg_ctl`) ? process.env.PAYSIGN_PG_BIN : undefined;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((name) => /^\d+$/.test(name) && existsSync(`${base}/${name}/bin/pg_ctl`) && existsSync(`${base}/${name}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? `${base}/${versions[0]}/bin` : undefined;
}
