import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// Every entry point with code splitting: the entries are thin bindings of one core, and the shared
// chunks hold that core once (one `OAuthError` class for every entry). ESM only: the package needs
// Node >= 20.19, whose `require()` loads ES modules, so CommonJS callers still
// `require('@paysign/oauth-core')`, and no dual-package copy can split the class.
export default defineConfig(
  paysignBuild({
    entry: {
      node: 'src/entries/node.ts',
      webcrypto: 'src/entries/webcrypto.ts',
      js: 'src/entries/js.ts',
      auto: 'src/entries/auto.ts',
      hmac: 'src/entries/hmac.ts',
      encoding: 'src/entries/encoding.ts',
      keys: 'src/entries/keys.ts',
    },
    splitting: true,
    // Keep `node:crypto` as written: Workers with nodejs_compat (v1) know only the prefixed name.
    removeNodeProtocol: false,
    external: ['node:crypto', /^@noble\/hashes/, /^micro-rsa-dsa-dh/],
  }),
);
