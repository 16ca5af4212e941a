// The build every package shares: ES modules for ES2022, one platform-neutral bundle per entry
// with the code entries share in one module (merge-chunks.mjs), tree shaking, declarations, and
// the @paysign/* siblings left as imports (each is a package of its own, so a class exists once).
// A package's tsup.config.ts passes its entries and only what it does differently, with a comment
// saying why (`inShared`: the entries whose code the shared module holds, see merge-chunks.mjs). PAYSIGN_BUILD_DECLARATIONS=off leaves the declarations out (`pnpm start`,
// scripts/start.mjs: the story runs the JavaScript alone).
import { mergeChunks } from './merge-chunks.mjs';

/**
 * @param {import('tsup').Options & { entry: Record<string, string>, inShared?: readonly string[] }} options the package's entries and its differences
 * @returns {import('tsup').Options}
 */
export function paysignBuild(options) {
  const { external = [], inShared, ...rest } = options;
  return {
    format: ['esm'],
    target: 'es2022',
    platform: 'neutral',
    // No source maps: a package ships what runs (the JavaScript is not minified, and the sources
    // are not in the tarball for a map to point at).
    sourcemap: false,
    treeshake: true,
    dts: true,
    onSuccess: () => mergeChunks('dist', { inShared }),
    ...rest,
    ...(process.env.PAYSIGN_BUILD_DECLARATIONS === 'off' && { dts: false }),
    external: [/^@paysign\//, ...external],
  };
}
