// The other runtimes of the matrix, found among the workspace's binaries (root devDependencies):
// Deno, Bun and further Node versions run the probe; workerd runs the worker bundle.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Progress } from '../harness/progress.js';
import type { GroupResult } from '../signers/matrix.js';
import type { Algorithm } from '../signers/types.js';
import { runWorkerd } from './workerd.js';

export interface RuntimeBinary {
  name: string;
  kind: 'probe' | 'workerd';
  command: string;
  args: string[];
}

export interface RuntimesResult {
  groups: GroupResult[];
  skipped: { runtime: string; reason: string }[];
}

/** Finds the runtime binaries installed in conformance/runtimes (pnpm runtimes:install). */
export function discoverRuntimes(workspaceRoot: string): RuntimeBinary[] {
  const bin = join(workspaceRoot, 'conformance', 'runtimes', 'node_modules', '.bin');
  const found: RuntimeBinary[] = [];
  if (existsSync(join(bin, 'deno'))) found.push({ name: 'deno', kind: 'probe', command: join(bin, 'deno'), args: ['run', '--allow-read', '--allow-env'] });
  if (existsSync(join(bin, 'bun'))) found.push({ name: 'bun', kind: 'probe', command: join(bin, 'bun'), args: [] });
  // Node versions installed as npm packages (`node22`, `node24`, `node@22`...) expose bin/node.
  const modules = join(workspaceRoot, 'conformance', 'runtimes', 'node_modules');
  for (const entry of existsSync(modules) ? readdirSync(modules) : []) {
    if (!/^node-?(v?\d+|bin.*|@?\d+.*)$/.test(entry)) continue;
    const binary = join(modules, entry, 'bin', 'node');
    if (existsSync(binary)) found.push({ name: entry, kind: 'probe', command: binary, args: ['--expose-gc'] });
  }
  for (const name of (existsSync(bin) ? readdirSync(bin) : []).filter((file) => /^node\d+$/.test(file))) {
    if (!found.some((runtime) => runtime.name === name)) found.push({ name, kind: 'probe', command: join(bin, name), args: [] });
  }
  if (existsSync(join(bin, 'workerd'))) found.push({ name: 'workerd', kind: 'workerd', command: join(bin, 'workerd'), args: [] });
  return found;
}

async function runProbe(runtime: RuntimeBinary, planFile: string, progress: Progress): Promise<GroupResult[]> {
  const probe = fileURLToPath(new URL('./probe.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(runtime.command, [...runtime.args, probe, planFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: fileURLToPath(new URL('..', import.meta.url)),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const line =
        stderr
          .trimEnd()
          .split(/[\r\n]/)
          .at(-1) ?? '';
      progress.update(
        0,
        1,
        `${runtime.name}: ${line
          .replace(/\x1b\[2K/g, '')
          .trim()
          .slice(0, 100)}`,
      );
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${runtime.name} exited with ${code}: ${stderr.slice(-400)}`));
      try {
        resolve(JSON.parse(stdout) as GroupResult[]);
      } catch {
        reject(new Error(`${runtime.name} printed no results`));
      }
    });
  });
}

/** Runs the signing matrix on every runtime found; a runtime that fails is reported, not fatal. */
export async function runRuntimes(
  workspaceRoot: string,
  plan: { pkcs1Pem: string; rounds: number; sampleMs: number; algorithms: Algorithm[] },
  progress: Progress,
): Promise<RuntimesResult> {
  const result: RuntimesResult = { groups: [], skipped: [] };
  const dir = mkdtempSync(join(tmpdir(), 'paysign-bench-'));
  const planFile = join(dir, 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan), { mode: 0o600 });
  try {
    const runtimes = discoverRuntimes(workspaceRoot);
    if (runtimes.length === 0)
      result.skipped.push({ runtime: 'all others', reason: 'no runtime binaries in conformance/runtimes/node_modules/.bin (pnpm runtimes:install)' });
    for (const runtime of runtimes) {
      progress.step(`runtime matrix: ${runtime.name}`);
      try {
        const groups = runtime.kind === 'workerd' ? await runWorkerd(runtime.command, plan, progress) : await runProbe(runtime, planFile, progress);
        result.groups.push(...groups);
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        result.skipped.push({ runtime: runtime.name, reason });
        progress.note(`  ${runtime.name} skipped: ${reason}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

/**
 * `openssl speed rsa4096`: signatures per second of one core, the machine's limit for RSA; with
 * `processes` above 1, `openssl speed -multi <processes>`, the sum over that many processes.
 */
export async function opensslRsa4096(seconds: number, processes = 1): Promise<{ signsPerSecond: number; version: string } | undefined> {
  try {
    const run = promisify(execFile);
    const { stdout: version } = await run('openssl', ['version']);
    const multi = processes > 1 ? ['-multi', String(processes)] : [];
    const { stdout } = await run('openssl', ['speed', ...multi, '-seconds', String(seconds), 'rsa4096'], { maxBuffer: 1 << 20 });
    const line = stdout.split('\n').find((l) => /^rsa\s+4096\s+bits/.test(l.trim()));
    const figures = line?.trim().split(/\s+/);
    const signsPerSecond = Number(figures?.[5]);
    return Number.isFinite(signsPerSecond) ? { signsPerSecond, version: version.trim() } : undefined;
  } catch {
    return undefined;
  }
}
