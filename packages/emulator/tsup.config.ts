import { defineConfig } from 'tsup';

// `index` is runtime-neutral (fetch handler, stores); `node` adds the HTTP server and file loading.
export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node.ts' },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  dts: true,
  removeNodeProtocol: false,
  external: [/^node:/, /^@paysign\//, /^hono/, /^@hono\//],
});
