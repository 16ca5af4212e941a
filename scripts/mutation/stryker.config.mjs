// Mutation testing: `pnpm test:mutation [--target <name>]` (scripts/mutation/run.mjs runs this
// with Node 22, which Stryker 10 needs; paths here are relative to the repository root, where it
// runs). Not part of `pnpm test`: run it after changing the
// behaviour of a target or its tests; reports/mutation/summary.md says what survives and why.
// The targets (oauth-core, and the money paths: gateway-send, edge-handle, emulator-verify) are
// listed in targets.mjs, beside this file; run.mjs passes the chosen one in PAYSIGN_MUTATION_TARGET.
//
// The tests import `@paysign/*`, which normally resolves to each package's dist/. Rebuilding dist/
// with tsup for every mutant would cost seconds each, so vitest.mutation.config.ts (beside this file) aliases those
// imports to the packages' src/ entries: each mutant is seen at once, and coverage is per test.
import { currentTarget, reportFiles } from './targets.mjs';

const target = currentTarget();
const files = reportFiles(target.name);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutation/vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  // The vitest runner type-checks nothing, so Stryker need not prepend `// @ts-nocheck` to the
  // sandbox's files: doing so changed files that tests read as text (the gateway's README test
  // compares examples/callback-receiver.mjs with the README, byte for byte).
  disableTypeChecks: false,
  mutate: target.mutate,
  // Copy only what the tests load into the sandbox (the root node_modules is linked, not copied).
  ignorePatterns: [
    '/*',
    '!/packages',
    '!/conformance',
    // Other folders the target's tests live in (integration/).
    ...target.copy.filter((folder) => !folder.startsWith('packages') && folder !== 'conformance').map((folder) => `!/${folder}`),
    '!/package.json',
    '!/tsconfig.json',
    '!/tsconfig.base.json',
    '!/vitest.config.ts',
    '!/scripts',
    '/scripts/*',
    '!/scripts/mutation',
    // Only the packages the target's tests load (all of them when its copy list says `packages`), without their builds.
    ...(target.copy.includes('packages') ? [] : ['/packages/*', ...target.copy.filter((f) => f.startsWith('packages/')).map((f) => `!/${f}`)]),
    '/packages/*/dist',
    '/conformance/runtimes',
  ],
  incremental: true,
  incrementalFile: files.incremental,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: files.html },
  jsonReporter: { fileName: files.json },
  concurrency: 2,
  // A mutant that loops forever is stopped this long after the tests' own time.
  timeoutMS: 8_000,
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
