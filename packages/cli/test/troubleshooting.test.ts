import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from './run-cli.js';

// Every row of the README's troubleshooting table, run as written from the repository root:
// the first line on stderr is the one the table shows, and so is the exit code.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const section = README.slice(README.indexOf('## Troubleshooting'), README.indexOf('## From code'));
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| `paysign '))
  .map((line) => {
    const cells = line.split(' | ').map((cell) => cell.replace(/^\| /, '').trim());
    return { command: (cells[0] as string).slice(1, -1), prints: (cells[1] as string).slice(1, -1), exit: Number(cells[2]) };
  });

/** The command, split on spaces (the rows quote nothing), run as `paysign`; resolves with the exit code and stderr. */
function run(command: string, gateway: string): Promise<{ code: number | null; stderr: string }> {
  const args = command.replaceAll('$GATEWAY', gateway).split(' ').slice(1);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

// $GATEWAY: the real emulator, started as the table says.
const emulator = spawn(process.execPath, [BIN, 'emulator', '--login', 'merchant', '--endpoint-id', '1'], {
  env: { PATH: process.env.PATH ?? '', PAYSIGN_CONTROL_KEY: 'k' },
});
let gateway = '';
beforeAll(async () => {
  gateway = await new Promise<string>((resolve, reject) => {
    let out = '';
    emulator.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /^listening on (\S+)\n/.exec(out);
      if (match) resolve(match[1] as string);
    });
    emulator.on('exit', (code) => reject(new Error(`emulator exited ${code}`)));
  });
});
afterAll(() => void emulator.kill('SIGTERM'));

describe('the README troubleshooting table is what the binary prints (issue #21)', () => {
  it('has rows', () => expect(rows.length).toBeGreaterThanOrEqual(10));

  it.each(rows)('$command', async ({ command, prints, exit }) => {
    const result = await run(command, gateway);
    expect(result.stderr.split('\n')[0]).toBe(prints);
    expect(result.code).toBe(exit);
  });
});
