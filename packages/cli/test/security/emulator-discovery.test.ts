// The discovery file of `paysign emulator` (issue #31 item 7) under attack, with the real binary:
// a planted file cannot hand `trigger` / `clock` another URL, and the file is written without
// following links, 0600, in a directory only its user can open, and removed at exit.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, paysign } from '../run-cli.js';

const made: string[] = [];
const temp = (): string => {
  const directory = mkdtempSync(join(tmpdir(), 'paysign-discovery-'));
  made.push(directory);
  return directory;
};
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

async function withEmulator(runtime: string, body: (url: string) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, [BIN, 'emulator'], { env: { PATH: process.env.PATH ?? '', XDG_RUNTIME_DIR: runtime } });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
  try {
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(5);
    await body((lines[0] as string).slice('listening on '.length));
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

describe('the emulator discovery file', () => {
  it('is 0600 in a 0700 directory, names the URL and the pid, and is gone after exit', async () => {
    const runtime = temp();
    await withEmulator(runtime, async (url) => {
      const directory = join(runtime, 'paysign');
      expect(statSync(directory).mode & 0o777).toBe(0o700);
      const [name] = readdirSync(directory);
      expect(name).toMatch(/^emulator-\d+\.json$/);
      expect(statSync(join(directory, name as string)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(join(directory, name as string), 'utf8')).url).toBe(url);
    });
    expect(readdirSync(join(runtime, 'paysign'))).toEqual([]);
  });

  it('a planted file naming another URL for a process that is gone is ignored', () => {
    const runtime = temp();
    mkdirSync(join(runtime, 'paysign'), { mode: 0o700 });
    // pid 2^22 + 1 is above Linux's pid_max: never a running process.
    writeFileSync(join(runtime, 'paysign', 'emulator-4194305.json'), JSON.stringify({ url: 'http://attacker.example', pid: 4194305 }));
    const result = paysign(['emulator', 'payments'], { XDG_RUNTIME_DIR: runtime });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no emulator started by "paysign emulator" runs on this machine');
  });

  it('a directory others can write, or a link in its place, is not read (and nothing is written through the link)', async () => {
    const open = temp();
    mkdirSync(join(open, 'paysign'));
    chmodSync(join(open, 'paysign'), 0o777);
    writeFileSync(join(open, 'paysign', `emulator-${process.pid}.json`), JSON.stringify({ url: 'http://attacker.example', pid: process.pid }));
    expect(paysign(['emulator', 'payments'], { XDG_RUNTIME_DIR: open }).stderr).toContain('no emulator started by "paysign emulator"');

    const linked = temp();
    const elsewhere = temp();
    symlinkSync(elsewhere, join(linked, 'paysign'));
    await withEmulator(linked, async () => {
      expect(readdirSync(elsewhere)).toEqual([]);
      expect(lstatSync(join(linked, 'paysign')).isSymbolicLink()).toBe(true);
    });
  });

  it('a planted link in place of the file is not followed', () => {
    const runtime = temp();
    mkdirSync(join(runtime, 'paysign'), { mode: 0o700 });
    const target = join(runtime, 'target.json');
    writeFileSync(target, JSON.stringify({ url: 'http://attacker.example', pid: process.pid }));
    symlinkSync(target, join(runtime, 'paysign', `emulator-${process.pid}.json`));
    expect(paysign(['emulator', 'payments'], { XDG_RUNTIME_DIR: runtime }).stderr).toContain('no emulator started by "paysign emulator"');
    expect(existsSync(target)).toBe(true);
  });
});
