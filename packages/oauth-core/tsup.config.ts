import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

// One self-contained bundle per crypto adapter. The library imports its default adapter as
// `#adapter`; each flavour binds it to one adapter file, so the edge bundles never contain
// node:crypto and the node bundle never contains the pure-JS RSA.
const flavours = ['node', 'webcrypto', 'js', 'auto'] as const;

const common: Options = {
  format: ['esm', 'cjs'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  treeshake: true,
  // Keep `node:crypto` as written: Workers with nodejs_compat (v1) know only the prefixed name.
  removeNodeProtocol: false,
  external: ['node:crypto', /^@noble\/hashes/, /^micro-rsa-dsa-dh/],
};

export default defineConfig([
  ...flavours.map(
    (flavour): Options => ({
      ...common,
      entry: { [flavour]: 'src/index.ts' },
      dts: false,
      esbuildPlugins: [
        {
          name: 'paysign-adapter',
          setup(build) {
            const path = fileURLToPath(new URL(`./src/adapters/${flavour}.ts`, import.meta.url));
            build.onResolve({ filter: /^#adapter$/ }, () => ({ path }));
          },
        },
      ],
    }),
  ),
  // The edge HMAC signer: its own small entry, with no adapter at all.
  { ...common, entry: { hmac: 'src/hmac.ts' }, dts: true },
  { ...common, entry: { index: 'src/index.ts' }, dts: { only: true } },
]);
