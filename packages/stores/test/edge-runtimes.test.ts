import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';
import type { NonceStore } from '@paysign/oauth-core';
import { nonceStoreContract } from './_contract.js';
import { freePort } from './_servers.js';

// The same NonceStore contract over the edge proxy's own stores, each in its real runtime: the
// Durable Object store in workerd (two front workers, two isolates, one PaysignNonceStore object)
// and the Deno KV store in Deno (two processes opening one KV file). Node only sends the calls over
// HTTP (runtimes/*-front.ts). Both keep a key 60 s past its expiry (for clock differences between
// isolates), so the contract checks that they still refuse it just after the expiry.

const here = fileURLToPath(new URL('.', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../../../conformance/runtimes/node_modules/.bin/${name}`, import.meta.url));

async function bundle(entry: string, outfile: string, conditions: string[]): Promise<void> {
  await build({
    stdin: { contents: readFileSync(entry, 'utf8'), resolveDir: join(here, '..'), sourcefile: entry, loader: 'ts' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions,
    mainFields: ['module', 'main'],
    external: ['node:*'],
    logLevel: 'error',
  });
}

/** A NonceStore whose calls go to a front over HTTP; a store that threw there rejects here. */
function remote(url: string): NonceStore {
  return {
    async remember(key, expiresAt, scope) {
      const response = await fetch(url, { method: 'POST', body: JSON.stringify({ key, expiresAt, scope }) });
      const body = (await response.json()) as { result?: boolean | 'full'; error?: string };
      if (body.result === undefined) throw new Error(`the store threw ${body.error}`);
      return body.result;
    },
  };
}

let dir: string;
const children: ChildProcess[] = [];
const workerdFronts: string[] = [];
const denoFronts: string[] = [];

function waitFor(child: ChildProcess, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start in 30 s:\n${output}`)), 30_000);
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paysign-stores-edge-'));
  await bundle(join(here, 'runtimes/durable-object-front.ts'), join(dir, 'do-front.js'), ['workerd', 'worker', 'browser']);
  await bundle(join(here, 'runtimes/deno-kv-front.ts'), join(dir, 'kv-front.js'), ['deno', 'worker', 'browser']);
  const ports = [await freePort(), await freePort()];
  const front = (name: string) => `const ${name} :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "do-front.js")],
  compatibilityDate = "2025-09-01",
  bindings = [(name = "NONCES", durableObjectNamespace = (className = "PaysignNonceStore", serviceName = "objects"))],
);`;
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "front-a", worker = .frontA), (name = "front-b", worker = .frontB), (name = "objects", worker = .objects)],
  sockets = [
    (name = "front-a", address = "127.0.0.1:${ports[0]}", http = (), service = "front-a"),
    (name = "front-b", address = "127.0.0.1:${ports[1]}", http = (), service = "front-b")
  ],
);
${front('frontA')}
${front('frontB')}
const objects :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "do-front.js")],
  compatibilityDate = "2025-09-01",
  durableObjectNamespaces = [(className = "PaysignNonceStore", uniqueKey = "paysign-stores-contract")],
  durableObjectStorage = (inMemory = void),
);
`,
  );
  const workerd = spawn(bin('workerd'), ['serve', join(dir, 'config.capnp')], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(workerd);
  workerdFronts.push(...ports.map((port) => `http://127.0.0.1:${port}`));
  for (let attempt = 0; ; attempt++) {
    try {
      for (const url of workerdFronts) await fetch(url, { method: 'POST', body: JSON.stringify({ key: 'warm-up', expiresAt: Date.now() / 1000 + 1 }) });
      break;
    } catch {
      if (attempt > 200 || workerd.exitCode !== null) throw new Error('workerd did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const kvPath = join(dir, 'nonces.sqlite3');
  for (let i = 0; i < 2; i++) {
    const deno = spawn(
      bin('deno'),
      [
        'run',
        '--no-lock',
        '--no-prompt',
        '--unstable-kv',
        '--allow-net=127.0.0.1',
        `--allow-read=${dir}`,
        `--allow-write=${dir}`,
        join(dir, 'kv-front.js'),
        kvPath,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { PATH: process.env.PATH, HOME: dir, DENO_DIR: join(dir, 'deno-cache'), NO_COLOR: '1' } },
    );
    children.push(deno);
    const [, port] = await waitFor(deno, /listening (\d+)/, 'deno');
    denoFronts.push(`http://127.0.0.1:${port}`);
  }
}, 60_000);

afterAll(() => {
  for (const child of children) {
    try {
      // The .bin entries are shell shims: the detached ones are killed as a process group.
      if (child.spawnargs.includes('--unstable-kv') && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const alternate = (fronts: string[]) => {
  let next = 0;
  return () => remote(fronts[next++ % fronts.length]!);
};

nonceStoreContract('Durable Object (workerd)', () => ({ store: alternate(workerdFronts), keepsSecondsPastExpiry: 60 }));
nonceStoreContract('Deno KV (Deno)', () => ({ store: alternate(denoFronts), keepsSecondsPastExpiry: 60 }));
