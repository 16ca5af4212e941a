import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// The codec uses only ECMAScript and the WHATWG TextEncoder and TextDecoder, so the same file
// serves Node, Deno, Bun, workerd and edge runtimes.
export default defineConfig(
  paysignBuild({
    entry: { index: 'src/index.ts' },
  }),
);
