import { defineConfig } from 'tsup';

// The benchmark runs as plain JavaScript on every runtime. oauth-core stays external so that
// each runtime resolves `@paysign/oauth-core` through the export map itself: that resolution is
// the automatic adapter choice the benchmark reports. The peers are CommonJS and stay external too.
// The two builds share dist/, so neither cleans it (the build script does, first).
// workerd loads one self-contained module, bundled with the conditions a Workers bundler uses.
export default defineConfig([
  {
    entry: {
      main: 'src/main.ts',
      'rsa-worker': 'src/suites/rsa-worker.ts',
      probe: 'src/runtimes/probe-entry.ts',
      'payload-memory': 'src/suites/payload-memory.ts',
      'profile-hmac': 'src/profile-hmac.ts',
      'compare-builds': 'src/compare-builds.ts',
    },
    format: ['esm'],
    target: 'es2022',
    platform: 'node',
    sourcemap: true,
    splitting: true,
    external: [/^@paysign\//, 'oauth-1.0a', 'oauth-sign', 'mastercard-oauth1-signer'],
  },
  {
    entry: { 'workerd-worker': 'src/runtimes/workerd-worker.ts' },
    format: ['esm'],
    target: 'es2022',
    platform: 'browser',
    noExternal: [/.*/],
    removeNodeProtocol: false,
    esbuildOptions(options) {
      options.conditions = ['workerd', 'worker', 'browser', 'import'];
      // The peers' node:crypto and node:url come from workerd itself (nodejs_compat); their
      // CommonJS `require('crypto')` and `require('url')` go through ESM shims, since workerd has no require.
      options.alias = { crypto: './src/runtimes/shims/crypto.ts', url: './src/runtimes/shims/url.ts' };
      options.external = [...(options.external ?? []), 'node:crypto', 'node:url', 'node:buffer'];
    },
  },
]);
