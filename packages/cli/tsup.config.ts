import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { bin: 'src/bin.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    banner: { js: '#!/usr/bin/env node' },
    removeNodeProtocol: false,
    external: [/^@paysign\//, /^hono/, /^@hono\//],
  },
  {
    // demo-support: the printers demo/story.mjs uses; built, but not in the export map.
    entry: { index: 'src/index.ts', 'demo-support': 'src/demo-support.ts' },
    format: ['esm'],
    removeNodeProtocol: false,
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    dts: true,
    external: [/^@paysign\//, /^hono/, /^@hono\//],
  },
]);
