// Sets each package's jsr.json version to its package.json version. `pnpm version-packages` runs it
// after `changeset version`, which bumps package.json only; `pnpm test:jsr` fails while they differ.
//
//   node scripts/jsr/sync-versions.mjs [root]   # root: the repository (default), or a copy of it
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? fileURLToPath(new URL('../../', import.meta.url));
for (const folder of readdirSync(join(root, 'packages'))) {
  const jsrFile = join(root, 'packages', folder, 'jsr.json');
  if (!existsSync(jsrFile)) continue;
  const { version } = JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8'));
  const jsr = JSON.parse(readFileSync(jsrFile, 'utf8'));
  if (jsr.version === version) continue;
  console.log(`${jsr.name}: jsr.json ${jsr.version} -> ${version}`);
  writeFileSync(jsrFile, `${JSON.stringify({ ...jsr, version }, null, 2)}\n`);
}
