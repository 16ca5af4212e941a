// After a code-split build (tsup splits ES modules by default): the shared chunks merged into one
// module, so an entry point loads two files instead of one per combination of entries sharing
// code (six for oauth-core's node entry, eight for protocol's root). Run by every package's build
// (tsup-base.mjs).
// Each module costs an ES module loader a resolution, a read and a compilation: merged, importing
// @paysign/gateway and making a client took ~35% less time (scripts/packaging/weight.mjs measures
// it). Code splitting still gives every entry one copy of the core (one OAuthError class).
//
// esbuild, which tsup builds with, has no say in how chunks are cut; Rollup's manualChunks has, so
// the built entries are bundled again by Rollup, without tree shaking (esbuild's output is already
// shaken), each chunk into `shared-<hash>.js` unless it imports an optional peer dependency of the
// package (oauth-core's pure-JS HMAC and @noble/hashes: it stays apart, so that only the entries
// needing it load it). Dynamic imports stay dynamic.
//
// A package may name entries whose code goes into the shared module too (`inShared`): each such
// entry becomes a module of re-exports only, with exactly its declared names, and the packages its
// code imports are imported by the shared module, beside those the shared code imports. An app
// importing two such entries then resolves each package once (a package specifier costs the
// loader more than the relative one of a re-exporting entry): protocol's root and /wire, which the
// client imports side by side.
import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { rollup } from 'rollup';

const CHUNK = /^chunk-[A-Z0-9]+\.js$/;

const LOCAL_IMPORT = /(?:from|import)\s*\(?\s*['"]\.\/([^'"]+\.js)['"]/g;

/**
 * Merges the shared chunks of the ESM build in `dir` (a package's dist, beside its package.json).
 * Its entry points are the files no other file imports (statically or dynamically). The entries
 * named in `inShared` keep their code in that module and re-export it.
 *
 * @param {string} dir the build's output directory
 * @param {{ inShared?: readonly string[] }} [options] the entries whose code the shared module holds
 * @example
 * ```js
 * export default defineConfig({ ...options, onSuccess: () => mergeChunks('dist') });
 * ```
 */
export async function mergeChunks(dir, { inShared = [] } = {}) {
  const manifest = JSON.parse(readFileSync(join(dir, '..', 'package.json'), 'utf8'));
  const optional = Object.keys(manifest.peerDependenciesMeta ?? {}).filter((name) => manifest.peerDependenciesMeta[name].optional);
  const isOptionalPeer = (id) => optional.some((name) => id === name || id.startsWith(`${name}/`));
  const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
  if (!files.some((name) => CHUNK.test(name))) return;
  const sharedEntries = new Set(inShared.map((name) => `${name}.js`));
  const imported = new Set(files.flatMap((name) => [...readFileSync(join(dir, name), 'utf8').matchAll(LOCAL_IMPORT)].map((match) => match[1])));
  const entries = files.filter((name) => !imported.has(name)).map((name) => name.slice(0, -3));
  const bundle = await rollup({
    input: Object.fromEntries(entries.map((name) => [name, join(dir, `${name}.js`)])),
    external: (id) => !id.startsWith('.') && !id.startsWith('/'),
    // esbuild's output is already shaken. An entry whose code the shared module holds imports no
    // package for its side effects (the packages have none): each import costs a resolution.
    treeshake: sharedEntries.size === 0 ? false : { moduleSideEffects: (_id, external) => !external },
    onwarn(warning, warn) {
      if (warning.code !== 'EMPTY_BUNDLE') warn(warning);
    },
  });
  const outputDir = join(dir, '.merged');
  await bundle.write({
    dir: outputDir,
    format: 'es',
    // The shared module's exports keep their names (an app's stack traces and debugger read them).
    minifyInternalExports: false,
    // No `import '<package>'` added to an entry for what its chunks import: each costs the loader a
    // resolution, and the packages have no side effects to order.
    hoistTransitiveImports: false,
    entryFileNames: '[name].js',
    // esbuild's names without its hash: `shared-<hash>.js`, `chunk-<hash>.js`, `js-hmac-<hash>.js`.
    chunkFileNames: (chunk) => `${chunk.name.replace(/-[A-Z0-9]{8}$/, '')}-[hash].js`,
    manualChunks(id, { getModuleInfo }) {
      const name = id.slice(id.lastIndexOf('/') + 1);
      if (sharedEntries.has(name)) return 'shared';
      if (!CHUNK.test(name)) return undefined;
      return getModuleInfo(id)?.importedIds.some(isOptionalPeer) ? undefined : 'shared';
    },
  });
  await bundle.close();
  for (const name of files) rmSync(join(dir, name));
  for (const name of readdirSync(outputDir)) {
    renameSync(join(outputDir, name), join(dir, name));
  }
  rmSync(outputDir, { recursive: true });
}
