import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// `index` is runtime-neutral (fetch handler, stores); `node` adds the HTTP server and file loading.
// Bundled without rollup's tree shaking, as it always was; node: names kept as written.
export default defineConfig(
  paysignBuild({
    entry: { index: 'src/index.ts', node: 'src/node.ts' },
    treeshake: false,
    removeNodeProtocol: false,
    external: [/^node:/, /^hono/, /^@hono\//],
  }),
);
