// Packs every publishable package into ./paysign-tarballs/*.tgz (run after `pnpm build`; the
// root's `pnpm pack:tarballs` builds first). Until the packages are on the npm registry this is
// how an app installs them: the README's `npm install` commands, a package with the siblings it
// depends on (or after them), so that their dependencies on each other resolve to the tarballs.
// `scripts/check-packages.mjs` packs with the same function and installs with that command.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exec, pnpmCommand, publishablePackages, root } from './packaging/workspace.mjs';

/** The directory the root's `pnpm pack:tarballs` writes to, and the name the README gives it. */
export const TARBALL_DIR = 'paysign-tarballs';

/**
 * Packs the built publishable packages into `destination` (emptied first) with `pnpm pack`
 * (`workspace:*` becomes the real version, `files` decides the contents). Resolves to
 * `{ ok, detail, tarballs }`, the tarballs' file names sorted.
 */
export async function packTarballs(destination, packages = publishablePackages()) {
  const unbuilt = packages.filter((pkg) => !pkg.built).map((pkg) => pkg.name);
  if (unbuilt.length > 0) return { ok: false, detail: `not built (run pnpm build first): ${unbuilt.join(', ')}`, tarballs: [] };
  await rm(destination, { recursive: true, force: true });
  await mkdir(destination, { recursive: true });
  const [pnpm, pnpmArgs] = pnpmCommand();
  const filters = packages.flatMap((pkg) => ['--filter', pkg.name]);
  const pack = await exec(pnpm, [...pnpmArgs, '-r', ...filters, 'pack', '--pack-destination', destination], { cwd: root });
  const tarballs = (await readdir(destination)).filter((name) => name.endsWith('.tgz')).sort();
  const ok = pack.code === 0 && tarballs.length === packages.length;
  return { ok, detail: ok ? '' : `${pack.stderr.trim()}\n${tarballs.length} tarballs for ${packages.length} packages`.trim(), tarballs };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const destination = resolve(root, TARBALL_DIR);
  const { ok, detail, tarballs } = await packTarballs(destination);
  if (!ok) {
    console.error(`pack:tarballs failed: ${detail}`);
    process.exit(1);
  }
  console.log(`${tarballs.length} tarballs in ${destination}:`);
  for (const name of tarballs) console.log(`  ${name}`);
  console.log('\nIn your app: the npm install commands of the README ("Use it in your app").');
}
