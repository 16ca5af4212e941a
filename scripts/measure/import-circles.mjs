// Import circles among a package's sources: `node scripts/measure/import-circles.mjs packages/emulator/src`.
// Follows relative imports (`./x.js` -> x.ts), type-only ones included; prints each circle found once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
const root = resolve(process.argv[2]);
const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.ts$/.test(name) ? [p] : [];
  });
const graph = new Map();
for (const file of files(root)) {
  const text = readFileSync(file, 'utf8');
  const targets = [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map((m) => resolve(dirname(file), m[1].replace(/\.js$/, '.ts')));
  graph.set(
    file,
    targets.filter((t) => t.startsWith(root)),
  );
}
const circles = new Set();
const visit = (node, path, onPath) => {
  for (const next of graph.get(node) ?? []) {
    const at = path.indexOf(next);
    if (at !== -1) {
      const cycle = path.slice(at).map((p) => relative(root, p));
      const start = cycle.indexOf([...cycle].sort()[0]);
      circles.add([...cycle.slice(start), ...cycle.slice(0, start)].join(' -> '));
    } else if (!onPath.has(next)) {
      onPath.add(next);
      visit(next, [...path, next], onPath);
    }
  }
};
for (const file of graph.keys()) visit(file, [file], new Set([file]));
console.log(`${graph.size} files, ${circles.size} import circle(s)`);
for (const circle of circles) console.log(`  ${circle}`);
