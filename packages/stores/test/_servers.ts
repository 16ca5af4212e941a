// Real database servers for the store tests, each started in a temporary directory on a free
// loopback port and stopped by the test: redis-server without persistence, and PostgreSQL through
// initdb and pg_ctl (as the `postgres` user when we are root: PostgreSQL refuses to run as root).
// A missing binary is a failure, never a skip: `pnpm services:ensure` installs them.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
// @ts-expect-error: a plain .mjs script shared with scripts/services/ensure-services.mjs
import { findPostgresBin, findRedisServer } from '../../../scripts/services/find-services.mjs';

const run = promisify(execFile);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RedisServer {
  url: string;
  port: number;
  /** Kills the server (SIGKILL: an outage, not a shutdown). */
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const binary = findRedisServer() as string | undefined;
  if (!binary) throw new Error('redis-server is not installed: run `pnpm services:ensure` (apt-get install redis-server)');
  const dir = mkdtempSync(join(tmpdir(), 'paysign-redis-'));
  const port = await freePort();
  const child: ChildProcess = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let attempt = 0; !output.includes('Ready to accept connections'); attempt++) {
    if (attempt > 100 || child.exitCode !== null) throw new Error(`redis-server did not start:\n${output}`);
    await sleep(50);
  }
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PostgresServer {
  connectionString: string;
  port: number;
  /** Stops the server at once (`pg_ctl stop -m immediate`: connections are cut). */
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin() as string | undefined;
  if (!bin) throw new Error('PostgreSQL is not installed: run `pnpm services:ensure` (apt-get install postgresql)');
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'paysign-postgres-'));
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const as = (command: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', `${bin}/${command}`, ...args]) : run(`${bin}/${command}`, args);
  const data = join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  await as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  let stopped = false;
  return {
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
