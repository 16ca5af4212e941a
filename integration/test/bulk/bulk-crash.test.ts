import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readJournalText } from '@paysign/bulk';
import { bulkRows, csvText, revisions, serveEmulator } from './bulk-helpers.js';

// The child runs the built package (dist/): build it first (`pnpm --filter @paysign/bulk build`).
const CHILD = fileURLToPath(new URL('./bulk-crash-child.mjs', import.meta.url));
const ROWS = 300;

/** A small seeded generator (mulberry32), so a failing seed can be run again. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function journalLines(path: string): number {
  if (!existsSync(path)) return 0;
  const text = readFileSync(path, 'utf8');
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** Runs the child; when `killAtLine` is given, SIGKILLs it once the journal has that many lines (or it ends first). */
function runChild(args: string[], journal: string, killAtLine?: number): Promise<{ code: number | null; killed: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let killed = false;
    const poll =
      killAtLine === undefined
        ? undefined
        : setInterval(() => {
            if (!killed && journalLines(journal) >= killAtLine) {
              killed = child.kill('SIGKILL');
            }
          }, 1);
    child.stderr.resume();
    child.stdout.resume();
    child.on('exit', (code) => {
      if (poll) clearInterval(poll);
      resolve({ code, killed });
    });
  });
}

describe('a bulk run killed with SIGKILL and started again', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paysign-bulk-crash-'));
  const csv = join(dir, 'rows.csv');
  writeFileSync(csv, csvText(bulkRows(ROWS), '\n'));

  for (const seed of [11, 23, 37, 58]) {
    it(`ends with every row recorded once and no journaled row sent again (seed ${seed})`, async () => {
      const random = seeded(seed);
      const server = await serveEmulator(ROWS);
      try {
        const journal = join(dir, `seed-${seed}.journal`);
        const args = [server.url, csv, journal, String(1 + Math.floor(random() * 16))];
        // Each row journaled at a kill, with its revision then: it must never change afterwards.
        const journaledAt = new Map<number, number>();
        let kills = 0;
        // Two kills at random journal lengths, then a run to the end.
        for (const share of [random() * 0.5, 0.5 + random() * 0.45]) {
          const { killed } = await runChild(args, journal, Math.max(1, Math.floor(share * ROWS)));
          if (killed) kills++;
          const now = await revisions(server.emulator);
          for (const record of readJournalText(readFileSync(journal, 'utf8')).records) {
            if (!journaledAt.has(record.row)) journaledAt.set(record.row, now.get(`rp-${record.row}`) ?? 0);
          }
        }
        const last = await runChild(args, journal);
        expect(last.code).toBe(0);
        expect(kills).toBeGreaterThan(0);
        expect(journaledAt.size).toBeGreaterThan(0);

        const { records, completeLength } = readJournalText(readFileSync(journal, 'utf8'));
        expect(completeLength).toBe(Buffer.byteLength(readFileSync(journal, 'utf8')));
        expect(records.map((r) => r.row).sort((a, b) => a - b)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
        expect(records.every((r) => r.outcome === 'updated')).toBe(true);
        const counts = await revisions(server.emulator);
        for (let row = 1; row <= ROWS; row++) {
          const revision = counts.get(`rp-${row}`) ?? 0;
          // Every row was applied; a row journaled before a kill was never sent again (its revision
          // did not change); only rows in flight at a kill may have been applied twice (the same values).
          expect(revision, `row ${row}`).toBeGreaterThanOrEqual(1);
          const then = journaledAt.get(row);
          if (then !== undefined) expect(revision, `row ${row}`).toBe(then);
        }
      } finally {
        await server.close();
      }
    });
  }
});
