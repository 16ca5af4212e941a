// Mutation testing of @paysign/oauth-core: `pnpm test:mutation` (scripts/mutation/run.mjs runs
// this with Node 22, which Stryker 10 needs). Not part of `pnpm test`: run it after changing
// oauth-core's behaviour or its tests; reports/mutation/summary.md says what survives and why.
//
// The tests import `@paysign/oauth-core/*`, which normally resolves to dist/. Rebuilding dist/
// with tsup for every mutant would cost seconds each, so vitest.mutation.config.ts aliases those
// imports to src/entries/*.ts: each mutant is seen at once, and coverage is per test.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: ['packages/oauth-core/src/**/*.ts', '!packages/oauth-core/src/types.ts'],
  // Copy only what the tests load into the sandbox (the root node_modules is linked, not copied).
  ignorePatterns: [
    '/*',
    '!/packages',
    '!/conformance',
    '!/package.json',
    '!/tsconfig.json',
    '!/tsconfig.base.json',
    '!/vitest.config.ts',
    '!/vitest.mutation.config.ts',
    '!/scripts',
    '/scripts/*',
    '!/scripts/mutation',
    '/packages/*',
    '!/packages/oauth-core',
    '/packages/oauth-core/dist',
    '/conformance/runtimes',
  ],
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/oauth-core.html' },
  jsonReporter: { fileName: 'reports/mutation/oauth-core.json' },
  concurrency: 2,
  // A mutant that loops forever is stopped this long after the tests' own time.
  timeoutMS: 8_000,
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
