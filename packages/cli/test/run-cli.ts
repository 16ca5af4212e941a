import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The built CLI, run as a user runs it. */
export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `paysign ...args` to completion, without a TTY (so without colours); `input` is its standard input. */
export function paysign(args: string[], env: Record<string, string> = {}, input = ''): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    input,
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 20_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs `paysign ...args` and resolves once it exits. */
export function paysignAsync(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A `paysign` process that serves (`emulator`, `callbacks listen`): the process, its base URL, what it wrote to stderr so far. */
export interface ServingCli {
  child: ChildProcess;
  base: string;
  stderr: () => string;
}

/** What a started `paysign` did first: served (`listening on <url>`, its base URL) or exited (its code). */
export interface CliStart extends ServingCli {
  served: boolean;
  code: number | null;
}

/**
 * Starts `paysign ...args` and resolves with what it did first: served (it printed `listening on
 * <url>`) or exited (its code), for tests where either is an answer (two emulators on one state).
 */
export function startCli(args: string[], env: Record<string, string> = {}): Promise<CliStart> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let stdout = '';
  return new Promise((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = /listening on (\S+)/.exec(stdout);
      if (line) resolve({ child, served: true, base: line[1] as string, code: null, stderr: () => stderr });
    });
    child.once('exit', (code) => resolve({ child, served: false, base: '', code, stderr: () => stderr }));
  });
}

/** Stops a started `paysign` with `signal` (SIGTERM: a clean stop) and waits for its exit; nothing if it has exited. */
export async function stopCli(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/**
 * Starts `paysign ...args` and resolves once it prints its first line, `listening on <url>`; if it
 * exits first, rejects with its exit code and stderr instead of waiting for a timeout.
 */
export async function startServingCli(args: string[], env: Record<string, string> = {}): Promise<ServingCli> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`paysign ${args[0] ?? ''} exited ${code}: ${stderr}`))),
  ])) as [string];
  return { child, base: line.slice('listening on '.length), stderr: () => stderr };
}
