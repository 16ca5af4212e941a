import { defineConfig } from 'tsup';
import { paysignBuild } from '../../scripts/build/tsup-base.mjs';

// The crypto and the gateway rules stay in their packages, so an edge bundler resolves
// @paysign/oauth-core/webcrypto once and the platform files stay thin.
export default defineConfig(
  paysignBuild({
    entry: {
      index: 'src/index.ts',
      cloudflare: 'src/platforms/cloudflare.ts',
      vercel: 'src/platforms/vercel.ts',
      deno: 'src/platforms/deno.ts',
    },
  }),
);
