import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// The crypto lives in @paysign/oauth-core, which picks its adapter per runtime through its own
// export map, so this package stays free of runtime-specific code. The `node` entry (a fetch over
// node:http, the callback handler as a node:http listener) imports node: modules and is only for
// Node. The `opentelemetry` entry alone imports @opentelemetry/api, an optional peer dependency
// that is never bundled.
export default defineConfig(
  paysignBuild({
    entry: { index: 'src/index.ts', node: 'src/node.ts', opentelemetry: 'src/opentelemetry.ts' },
    external: [/^node:/, /^@opentelemetry\//],
  }),
);
