import { defineConfig } from 'tsup';

// One neutral bundle: the crypto lives in @paysign/oauth-core, which picks its adapter per runtime
// through its own export map, so this package stays free of runtime-specific code. The `node` entry
// (a fetch over node:http) imports node: modules and is only for Node; `diagnose` (why a signed
// request is refused) runs on crypto.subtle, in browsers too. The gateway's rules are
// @paysign/protocol's; bulk updates are @paysign/bulk's.
export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node.ts', diagnose: 'src/diagnose/index.ts' },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  treeshake: true,
  dts: true,
  external: [/^@paysign\//, /^node:/],
});
