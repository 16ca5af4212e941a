// Makes sure the database servers for the store tests are there (packages/stores/test: every store
// against a real engine), before vitest runs: Debian's `redis-server` and PostgreSQL, installed here
// when missing on Linux and we are root, as scripts/browser/ensure-chromium.mjs does for Chromium
// (on macOS, with Homebrew: `redis` and `postgresql@16`).
// The tests start and stop their own servers on free loopback ports in temporary directories; this
// script only installs the binaries. Elsewhere it fails with a plain message saying how to get them.
// PAYSIGN_REDIS_SERVER and PAYSIGN_PG_BIN name other binaries (a redis-server file, a PostgreSQL bin/ folder).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findPostgresBin, findRedisServer, HOMEBREW_POSTGRESQL } from './find-services.mjs';

const root = typeof process.getuid === 'function' && process.getuid() === 0;
// As root the tests run PostgreSQL as the `postgres` user (it refuses root), which Debian's
// package creates: binaries without that user count as missing too.
const postgresUser = () => !root || process.platform !== 'linux' || spawnSync('id', ['-u', 'postgres']).status === 0;
const missing = () => [findRedisServer() ? undefined : 'redis-server', findPostgresBin() && postgresUser() ? undefined : 'postgresql'].filter(Boolean);

let packages = missing();
if (packages.length > 0 && process.platform === 'linux' && root && existsSync('/usr/bin/apt-get')) {
  console.log(`store tests: installing Debian's ${packages.join(' and ')} (apt-get install -y ${packages.join(' ')})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  packages = missing();
}
const brew = ['/opt/homebrew/bin/brew', '/usr/local/bin/brew'].find((path) => existsSync(path));
if (packages.length > 0 && process.platform === 'darwin' && brew) {
  const formulae = packages.map((name) => (name === 'redis-server' ? 'redis' : HOMEBREW_POSTGRESQL));
  console.log(`store tests: installing Homebrew's ${formulae.join(' and ')} (brew install ${formulae.join(' ')})`);
  execFileSync(brew, ['install', ...formulae], { stdio: 'inherit', env: { ...process.env, HOMEBREW_NO_AUTO_UPDATE: '1' } });
  packages = missing();
}
if (packages.length === 0) {
  console.log(`store tests: ${findRedisServer()} and ${findPostgresBin()}`);
  process.exit(0);
}
console.error(
  `store tests need ${packages.join(' and ')} and found none.\n` +
    '  Debian/Ubuntu: sudo apt-get install redis-server postgresql (or run the tests as root: they install them)\n' +
    `  macOS: brew install redis ${HOMEBREW_POSTGRESQL}\n` +
    '  elsewhere: install them and set PAYSIGN_REDIS_SERVER=/path/to/redis-server, PAYSIGN_PG_BIN=/path/to/postgresql/bin',
);
process.exit(1);
