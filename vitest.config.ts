import { defineConfig } from 'vitest/config';

// One run for the whole workspace on Node. Cross-package imports resolve through each package's
// export map to its built dist/, as users import them; `pnpm test` builds first.
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'conformance/test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
