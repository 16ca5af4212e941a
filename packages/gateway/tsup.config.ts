import { defineConfig } from 'tsup';

// One neutral bundle: the crypto lives in @paysign/oauth-core, which picks its adapter per runtime
// through its own export map, so this package stays free of runtime-specific code. The `node` entry
// (a fetch over node:http, the callback handler as a node:http listener) imports node: modules and
// is only for Node. The `opentelemetry` entry alone imports @opentelemetry/api, an optional peer
// dependency that is never bundled. The gateway's rules are
// @paysign/protocol's; bulk updates are @paysign/bulk's.
export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node.ts', opentelemetry: 'src/opentelemetry.ts' },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  treeshake: true,
  dts: true,
  external: [/^@paysign\//, /^node:/, /^@opentelemetry\//],
});
