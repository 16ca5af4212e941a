import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// For Node only (node20, platform node). One build for every entry, so the code they share (the
// error classes above all) is one chunk, not a copy per entry: `instanceof` holds between the
// binary and the library. The hashbang is on every file; a module may start with one (ES2023), so
// only bin.js makes use of it. demo-support: the printers demo/story.mjs uses; built, but not in
// the export map. Not tree-shaken, as it always was.
export default defineConfig(
  paysignBuild({
    entry: { bin: 'src/bin.ts', index: 'src/index.ts', 'demo-support': 'src/demo-support.ts' },
    target: 'node20',
    platform: 'node',
    treeshake: false,
    splitting: true,
    dts: { entry: { index: 'src/index.ts', 'demo-support': 'src/demo-support.ts' } },
    banner: { js: '#!/usr/bin/env node' },
    removeNodeProtocol: false,
    external: [/^hono/, /^@hono\//],
  }),
);
