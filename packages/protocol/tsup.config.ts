import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// One platform-neutral bundle per entry: the rules use only ECMAScript and WHATWG APIs
// (TextEncoder, crypto.subtle.digest); `io` reads a body with a cap (WHATWG streams).
export default defineConfig(
  paysignBuild({
    entry: { index: 'src/index.ts', io: 'src/io.ts' },
  }),
);
