// The build every package shares: ES modules for ES2022, one platform-neutral bundle per entry,
// source maps, tree shaking, declarations, and the @paysign/* siblings left as imports (each is a
// package of its own, so a class exists once). A package's tsup.config.ts passes its entries and
// only what it does differently, with a comment saying why. PAYSIGN_BUILD_DECLARATIONS=off leaves
// the declarations out (`pnpm start`, scripts/start.mjs: the story runs the JavaScript alone).

/**
 * @param {import('tsup').Options & { entry: Record<string, string> }} options the package's entries and its differences
 * @returns {import('tsup').Options}
 */
export function paysignBuild(options) {
  const { external = [], ...rest } = options;
  return {
    format: ['esm'],
    target: 'es2022',
    platform: 'neutral',
    sourcemap: true,
    treeshake: true,
    dts: true,
    ...rest,
    ...(process.env.PAYSIGN_BUILD_DECLARATIONS === 'off' && { dts: false }),
    external: [/^@paysign\//, ...external],
  };
}
