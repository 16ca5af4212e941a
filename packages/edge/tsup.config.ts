import { defineConfig } from 'tsup';

// One neutral bundle per entry. The crypto and the gateway rules stay in their packages (external),
// so an edge bundler resolves @paysign/oauth-core/webcrypto once and the platform files stay thin.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cloudflare: 'src/platforms/cloudflare.ts',
    vercel: 'src/platforms/vercel.ts',
    deno: 'src/platforms/deno.ts',
  },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  treeshake: true,
  dts: true,
  external: [/^@paysign\//],
});
