import { defineConfig } from 'vitest/config';

// vitest 5's reporter calls Map.groupBy (ES2024), which Node 20 lacks: without it a failing test
// crashes the reporter and hides the failure. The config loads in the reporter's process.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

// One run for the whole workspace on Node. Cross-package imports resolve through each package's
// export map to its built dist/, as users import them; `pnpm test` builds first.
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'integration/test/**/*.test.ts', 'conformance/test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
