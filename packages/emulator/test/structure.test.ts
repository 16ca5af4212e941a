import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The emulator's shape, measured on its real sources with the repository's own measures
// (scripts/measure/): no import circle, create-emulator.ts wiring only, and no function longer
// than the longest of oauth-core (the package the others are judged against) (#36 item 1).
const root = join(import.meta.dirname, '../../..');
const measure = (script: string, ...args: string[]): string =>
  execFileSync(process.execPath, [join(root, 'scripts/measure', script), ...args], { cwd: root, encoding: 'utf8' });

const circlesOf = (dir: string): string[] => {
  const [head = '', ...circles] = measure('import-circles.mjs', dir).trim().split('\n');
  expect(head).toMatch(/^\d+ files, \d+ import circle\(s\)$/);
  return circles.map((line) => line.trim());
};
const longestOf = (dir: string): { lines: number; name: string } => {
  const [lines, name = '', where = ''] = measure('longest-functions.mjs', dir, '1').trim().split(' ');
  return { lines: Number(lines), name: `${name} ${where}` };
};

describe("the emulator's structure", () => {
  it('has no import circle', () => {
    expect(circlesOf('packages/emulator/src')).toEqual([]);
  });

  it('finds a circle where there is one (the measure is not blind)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'circle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b.js';\nexport type A = B;\n");
      writeFileSync(join(dir, 'b.ts'), "import type { A } from './a.js';\nexport type B = A | 1;\n");
      expect(circlesOf(dir)).toEqual(['a.ts -> b.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps create-emulator.ts to wiring (at most 110 lines)', () => {
    const lines = readFileSync(join(root, 'packages/emulator/src/create-emulator.ts'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(110);
  });

  it("has no function longer than oauth-core's longest", { timeout: 120_000 }, () => {
    const emulator = longestOf('packages/emulator/src');
    const oauthCore = longestOf('packages/oauth-core/src');
    expect(oauthCore.lines).toBeGreaterThan(50);
    expect(emulator.lines, `${emulator.name} against oauth-core's ${oauthCore.name}`).toBeLessThanOrEqual(oauthCore.lines);
  });
});
