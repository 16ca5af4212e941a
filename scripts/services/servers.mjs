// Real database servers started for a test or a bench run, each in a temporary directory on a free
// loopback port: redis-server without persistence, and PostgreSQL through initdb and pg_ctl (as the
// `postgres` user when we are root: PostgreSQL refuses to run as root). A missing binary throws,
// naming `pnpm services:ensure`, which installs them. Used by packages/stores/test and bench/.
import { execFile, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../test-support/free-port.mjs';
import { findPostgresBin, findRedisServer } from './find-services.mjs';

const run = promisify(execFile);
export { freePort };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts redis-server; `stop()` kills it (SIGKILL: an outage, not a shutdown). `restart()` kills it
 * and starts it again on the same port and directory: without `persistence` it comes back empty
 * (as the store tests' servers run: `--save '' --appendonly no`); with it (`--appendonly yes
 * --appendfsync always`) it reloads every acknowledged write.
 */
export async function startRedis({ persistence = false } = {}) {
  const binary = findRedisServer();
  if (!binary) throw new Error('redis-server is not installed: run `pnpm services:ensure` (apt-get install redis-server)');
  const dir = mkdtempSync(join(tmpdir(), 'paysign-redis-'));
  const port = await freePort();
  const durability = persistence ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  let child;
  const launch = async () => {
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...durability, '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    for (let attempt = 0; !output.includes('Ready to accept connections'); attempt++) {
      if (attempt > 100 || child.exitCode !== null) throw new Error(`redis-server did not start:\n${output}`);
      await sleep(50);
    }
  };
  const kill = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await launch();
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async restart() {
      await kill();
      await launch();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts PostgreSQL; `stop()` stops it at once (`pg_ctl stop -m immediate`: connections are cut). */
export async function startPostgres() {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: run `pnpm services:ensure` (apt-get install postgresql)');
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'paysign-postgres-'));
  if (root) {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    chownSync(dir, Number(uid.trim()), Number(gid.trim()));
  }
  const as = (command, args) => (root ? run('runuser', ['-u', 'postgres', '--', `${bin}/${command}`, ...args]) : run(`${bin}/${command}`, args));
  const data = join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  await as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  let stopped = false;
  return {
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    /** Stops the server at once (`-m immediate`, as a crash) and starts it again on its data. */
    async restart() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
