import { defineConfig } from 'tsup';

// One platform-neutral bundle: the rules use only ECMAScript and WHATWG APIs (TextEncoder,
// crypto.subtle.digest, streams), so the same file serves Node, Deno, Bun, workerd and edge runtimes.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  treeshake: true,
  dts: true,
  external: [/^@paysign\//],
});
