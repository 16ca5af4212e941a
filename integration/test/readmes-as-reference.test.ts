// The READMEs are reference (what a package does, how to use it, its guarantees and limits), and
// CONTRIBUTING.md has the map of the packages. Measured figures live in bench/results, written by
// the bench that measures them, and history in the changesets: a README that quotes a throughput,
// a run's time of day or the machine's load is a diary again. The map's "imports" column is each
// package's @paysign dependencies as its package.json declares them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const packages = readdirSync(join(ROOT, 'packages')).filter((name) => {
  try {
    readFileSync(join(ROOT, 'packages', name, 'package.json'));
    return true;
  } catch {
    return false;
  }
});
const readmes = ['README.md', ...packages.map((name) => `packages/${name}/README.md`)];

/** What a measured figure or a diary looks like in prose. */
const DIARY: readonly [string, RegExp][] = [
  ['a time of day', /\b\d{1,2}:\d{2} UTC\b/],
  ['a throughput', /\d[\d,.]*\s*(?:rows|requests|signatures|ops)\/s\b/],
  ["the machine's load", /\bload average\b|\bat load \d/],
  ['a figure of an earlier run', /\bBefore these\b|\bin an earlier run\b|\(one run\)/],
];

describe('READMEs as reference', () => {
  it.each(readmes)('%s quotes no measured figure and keeps no diary', (readme) => {
    const lines = readFileSync(join(ROOT, readme), 'utf8').split('\n');
    const found = lines.flatMap((line, i) => DIARY.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${readme}:${i + 1}: ${what}: ${line.trim()}`));
    expect(found).toEqual([]);
  });
});

describe("CONTRIBUTING.md's map of the packages", () => {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const map = text.slice(text.indexOf('## Map'), text.indexOf('\n## ', text.indexOf('## Map') + 1));
  const rows = new Map(
    [...map.matchAll(/^\|\s*\[`(@paysign\/[\w-]+)`\]\(packages\/[\w-]+\)\s*\|([^|]*)\|([^|]*)\|/gm)].map((row) => [row[1], row[3] as string]),
  );

  it.each(packages)('lists packages/%s with the @paysign packages it imports', (folder) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', folder, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
    };
    const declared = Object.keys(manifest.dependencies ?? {})
      .filter((name) => name.startsWith('@paysign/'))
      .sort();
    const listed = [...(rows.get(manifest.name) ?? 'missing').matchAll(/`(@paysign\/[\w-]+)`/g)].map((match) => match[1]).sort();
    expect(rows.has(manifest.name), `${manifest.name} has no row in the map`).toBe(true);
    expect(listed).toEqual(declared);
  });
});
