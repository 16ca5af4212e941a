// A real `paysign callbacks listen` process for the tests: started, its first line read, stopped.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import { BIN } from './run-cli.js';

/** Starts `paysign ...args` and waits for its "listening on URL" line. */
export async function start(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; base: string; lines: string[]; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '' } });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines: string[] = [];
  const reader = createInterface({ input: child.stdout });
  const first = new Promise<string>((resolve, reject) => {
    reader.on('line', (line) => (lines.length === 0 ? resolve(line) : undefined, lines.push(line)));
    child.once('exit', () => reject(new Error(`exited early: ${stderr}`)));
  });
  const firstLine = await first;
  expect(firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
  return { child, base: firstLine.slice('listening on '.length), lines, stderr: () => stderr };
}

/** Stops it with SIGTERM; resolves its exit code. */
export async function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}
