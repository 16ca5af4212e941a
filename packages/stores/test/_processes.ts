// Claimant processes (_claimant.mjs) for the race and crash tests: real processes, each with its
// own connection, released at the same instant.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./_claimant.mjs', import.meta.url));

export type Engine = 'node-redis' | 'ioredis' | 'postgres';

function start(engine: Engine, url: string, nonce: string, callback: string, mode: 'race' | 'hold' | 'handle', leaseMs: number) {
  const child = spawn(process.execPath, [script, engine, url, nonce, callback, mode, String(leaseMs)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = (test: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = stdout.split('\n').find(test);
        if (found !== undefined) resolve(found);
      };
      child.stdout!.on('data', check);
      child.once('exit', (code) => reject(new Error(`claimant exited ${code}:\n${stderr}`)));
      check();
    });
  return { child, line };
}

/** Starts `count` claimant processes, waits until each is connected, then says "go" to all at once. */
export async function race(engine: Engine, url: string, nonce: string, callback: string, count = 8, leaseMs = 60_000) {
  const claimants = Array.from({ length: count }, () => start(engine, url, nonce, callback, 'race', leaseMs));
  await Promise.all(claimants.map((c) => c.line((l) => l === 'ready')));
  for (const c of claimants) c.child.stdin!.write('go\n');
  const results = await Promise.all(claimants.map((c) => c.line((l) => l.startsWith('{'))));
  return results.map((r) => JSON.parse(r) as { nonce: boolean | 'full'; claim: string });
}

/** A claimant that claims `callback` and holds it; returns the process (to SIGKILL) and its claim. */
export async function holder(engine: Engine, url: string, callback: string, leaseMs: number): Promise<{ child: ChildProcess; claim: string }> {
  const c = start(engine, url, 'unused', callback, 'hold', leaseMs);
  const { claim } = JSON.parse(await c.line((l) => l.startsWith('{'))) as { claim: string };
  return { child: c.child, claim };
}

/**
 * A claimant running createCallbackHandler on the callback whose merchant_order is `merchantOrder`
 * (control key "claimant-control-key", status approved, orderid 4242), inside an onCallback that
 * never finishes: returns the process (to SIGKILL) once onCallback started.
 */
export async function handling(engine: Engine, url: string, merchantOrder: string, leaseMs: number): Promise<ChildProcess> {
  const c = start(engine, url, 'unused', merchantOrder, 'handle', leaseMs);
  await c.line((l) => l === 'running');
  return c.child;
}

export function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return exited;
}
