// Bundles the conformance entries (TypeScript) for each runtime with esbuild, into .build/.
//
// Node, Deno and Bun get one small module each with every package left as a bare import, so the
// runtime's own resolver reads @paysign/oauth-core's export map with its own conditions.
// workerd and edge-runtime cannot resolve packages, so their bundles are complete; esbuild reads
// the export map with the conditions those platforms use (`workerd`, `edge-light`, ...).
import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

export const buildDir = fileURLToPath(new URL('./.build/', import.meta.url));
const entries = fileURLToPath(new URL('../entries/', import.meta.url));

const common = {
  bundle: true,
  target: 'es2022',
  logLevel: 'warning',
  legalComments: 'none',
  // A module-level side effect in a suite would be dropped otherwise: this is a test, not a library.
  ignoreAnnotations: true,
};

/** The bundles, by runtime. */
export const bundles = {
  node: { ...common, entryPoints: [`${entries}node.ts`], outfile: `${buildDir}node.mjs`, format: 'esm', platform: 'node', packages: 'external' },
  deno: { ...common, entryPoints: [`${entries}deno.ts`], outfile: `${buildDir}deno.mjs`, format: 'esm', platform: 'neutral', packages: 'external' },
  bun: { ...common, entryPoints: [`${entries}bun.ts`], outfile: `${buildDir}bun.mjs`, format: 'esm', platform: 'neutral', packages: 'external' },
  workerd: {
    ...common,
    entryPoints: [`${entries}workerd.ts`],
    outfile: `${buildDir}workerd.mjs`,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    // No externals: anything reaching for node:* without nodejs_compat must fail the build.
  },
  'workerd-nodejs-compat': {
    ...common,
    entryPoints: [`${entries}workerd-nodejs-compat.ts`],
    outfile: `${buildDir}workerd-nodejs-compat.mjs`,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    // Node built-ins stay imports, for workerd to provide; bare names too (`crypto`), as a build may emit them.
    external: ['node:*', ...builtinModules],
  },
  'edge-runtime': {
    ...common,
    entryPoints: [`${entries}edge-runtime.ts`],
    outfile: `${buildDir}edge-runtime.js`,
    // The edge VM evaluates scripts, not modules.
    format: 'iife',
    platform: 'neutral',
    conditions: ['edge-light', 'worker', 'browser'],
    mainFields: ['module', 'main'],
  },
};

/** Builds every bundle; resolves to the errors by bundle name (empty when all built). */
export async function buildAll() {
  const failures = {};
  await Promise.all(
    Object.entries(bundles).map(async ([name, options]) => {
      try {
        await build(options);
      } catch (error) {
        failures[name] = error instanceof Error ? error.message : String(error);
      }
    }),
  );
  return failures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failures = await buildAll();
  for (const [name, message] of Object.entries(failures)) console.error(`${name}: bundle failed\n${message}`);
  process.exitCode = Object.keys(failures).length > 0 ? 1 : 0;
}
