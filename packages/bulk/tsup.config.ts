import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// The requests go through @paysign/gateway's client, the rules are @paysign/protocol's and the
// CSV is @paysign/payload-codec's. The `node` entry (the file journal and its lock, the CSV file
// reader) imports node: modules and is only for Node.
export default defineConfig(
  paysignBuild({
    entry: { index: 'src/index.ts', node: 'src/node.ts' },
    external: [/^node:/],
  }),
);
