import { defineConfig } from 'tsup';

// One neutral bundle: the requests go through @paysign/gateway's client, the rules are
// @paysign/protocol's and the CSV is @paysign/payload-codec's. The `node` entry (the file journal and
// its lock, the CSV file reader) imports node: modules and is only for Node.
export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node.ts' },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  treeshake: true,
  dts: true,
  external: [/^@paysign\//, /^node:/],
});
