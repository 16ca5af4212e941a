import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from '../../vitest.config.js';
import { currentTarget } from './targets.mjs';

// Mutation testing (`pnpm test:mutation`, see stryker.config.mjs beside this file): the tests of the
// target that run.mjs names in PAYSIGN_MUTATION_TARGET (targets.mjs), as
// `pnpm test:unit` runs them, but every `@paysign/*` import resolves to the package's TypeScript
// sources instead of its dist/, so that Stryker's mutants (made in src/) are seen without a tsup
// rebuild per mutant. The bundling itself (export maps, chunks, one error class per package) stays
// covered by the ordinary run against dist/ and by the runtime matrix.
const root = fileURLToPath(new URL('../../', import.meta.url));
const src = (path: string) => join(root, 'packages/oauth-core/src', path);
const sources = (pkg: string, path: string) => join(root, 'packages', pkg, 'src', path);
const target = currentTarget();
// Stryker runs this in a sandbox copy whose root node_modules links to the repository's, but the
// packages' own node_modules (pnpm's links to their dependencies) are not copied: resolve those
// from the repository itself.
// (The nearest node_modules with vitest in it, up the tree: a sandbox may have none of its own,
// or only vite's cache.)
function findRepository(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', 'vitest'))) return dirname(realpathSync(join(dir, 'node_modules')));
    if (dirname(dir) === dir) throw new Error(`no node_modules above ${from}`);
  }
}
const repository = findRepository(root);
const dependency = (owner: string, name: string) => realpathSync(join(repository, owner, 'node_modules', name));

// PAYSIGN_MUTATION_BASELINE=1: the tests as they were before issue #16's, to measure the "before".
const baseline = process.env.PAYSIGN_MUTATION_BASELINE === '1';
const BASELINE_EXCLUDE = ['packages/oauth-core/test/key-object.test.ts'];

export default defineConfig({
  // The repository (or Stryker's sandbox copy of it), not this file's folder: test paths are relative to it.
  root,
  resolve: {
    alias: [
      // On Node the bare import resolves to the node build (export condition "node").
      { find: /^@paysign\/oauth-core$/, replacement: src('entries/node.ts') },
      { find: /^@paysign\/oauth-core\/(node|webcrypto|js|hmac|encoding|keys|auto)$/, replacement: src('entries/$1.ts') },
      // The other packages, as their export maps (tsup entries) say.
      { find: /^@paysign\/payload-codec$/, replacement: sources('payload-codec', 'index.ts') },
      { find: /^@paysign\/gateway$/, replacement: sources('gateway', 'index.ts') },
      { find: /^@paysign\/gateway\/node$/, replacement: sources('gateway', 'node.ts') },
      { find: /^@paysign\/bulk$/, replacement: sources('bulk', 'index.ts') },
      { find: /^@paysign\/bulk\/node$/, replacement: sources('bulk', 'node.ts') },
      { find: /^@paysign\/protocol$/, replacement: sources('protocol', 'index.ts') },
      { find: /^@paysign\/emulator$/, replacement: sources('emulator', 'index.ts') },
      { find: /^@paysign\/emulator\/node$/, replacement: sources('emulator', 'node.ts') },
      { find: /^@paysign\/edge$/, replacement: sources('edge', 'index.ts') },
      { find: /^@paysign\/edge\/(cloudflare|vercel|deno)$/, replacement: sources('edge', 'platforms/$1.ts') },
      // Test data shared by several packages' tests (a private workspace package, never mutated).
      { find: /^@paysign\/test-fixtures$/, replacement: join(repository, 'integration/fixtures/index.ts') },
      { find: /^hono$/, replacement: dependency('packages/emulator', 'hono') },
      { find: /^@hono\/node-server$/, replacement: dependency('packages/emulator', '@hono/node-server') },
      { find: /^@noble\/hashes\//, replacement: `${dependency('packages/oauth-core', '@noble/hashes')}/` },
      { find: /^micro-rsa-dsa-dh\//, replacement: `${dependency('packages/oauth-core', 'micro-rsa-dsa-dh')}/` },
      { find: /^oauth-1\.0a$/, replacement: dependency('conformance', 'oauth-1.0a') },
      { find: /^oauth-sign$/, replacement: dependency('conformance', 'oauth-sign') },
      // Properties capped at 30 cases per mutant, seed fixed (see scripts/mutation/fast-check-capped.ts).
      { find: /^fast-check$/, replacement: fileURLToPath(new URL('./fast-check-capped.ts', import.meta.url)) },
      { find: /^fast-check-real$/, replacement: join(realpathSync(join(repository, 'node_modules', 'fast-check')), 'lib', 'fast-check.js') },
      // node.test.ts's suites, without the duplicate default flavour (see scripts/mutation/mutation-suites.ts).
      { find: /^\.\.\/suites\/index\.js$/, replacement: fileURLToPath(new URL('./mutation-suites.ts', import.meta.url)) },
    ],
  },
  test: {
    ...base.test,
    include: target.include,
    // One worker reused across files: Stryker reruns a few files per mutant, and a fresh worker per
    // file would cost more than the tests.
    isolate: false,
    exclude: [...target.exclude, '**/node_modules/**', ...(baseline ? BASELINE_EXCLUDE : [])],
  },
});
