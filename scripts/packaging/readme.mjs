// What the root README says about installing, checked against the packages as packed: the path
// that works before the packages are on the npm registry, and the list of what the typed client
// pulls in (the dependencies of @paysign/gateway, transitively, as the installed manifests say).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { INSTALL_COMMANDS } from './consumer.mjs';
import { root } from './workspace.mjs';

const readme = () => readFile(`${root}README.md`, 'utf8');

/** The README says the packages are not published, and gives `pnpm pack:tarballs` and the install commands the check runs. */
export async function checkReadmeInstall() {
  const text = await readme();
  const manifest = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
  const gitignore = await readFile(`${root}.gitignore`, 'utf8');
  const problems = [];
  if (!/not published to the npm registry yet/.test(text)) problems.push('the README does not say the packages are not published to the npm registry yet');
  if (!text.includes('pnpm@12.21.0 pack:tarballs')) problems.push('the README does not give `npx -y pnpm@12.21.0 pack:tarballs`');
  for (const command of INSTALL_COMMANDS) {
    if (!text.includes(command)) problems.push(`the README does not give \`${command}\`, a command this check runs`);
  }
  if (/^npm install @paysign\//m.test(text)) problems.push('the README tells to `npm install @paysign/...` from the registry, where nothing is published yet');
  if (!/node scripts\/pack-tarballs\.mjs$/.test(manifest.scripts?.['pack:tarballs'] ?? ''))
    problems.push('package.json has no "pack:tarballs" script running scripts/pack-tarballs.mjs');
  if (!/^\/paysign-tarballs\/$/m.test(gitignore)) problems.push('.gitignore does not ignore /paysign-tarballs/');
  return { ok: problems.length === 0, detail: problems.join('\n') };
}

/** The packages `name` pulls in, as installed in `consumer`: its dependencies and theirs (optional peers left out). */
async function pulledIn(consumer, name) {
  const seen = new Set();
  const queue = [name];
  while (queue.length > 0) {
    const current = queue.shift();
    const path = join(consumer, 'node_modules', current, 'package.json');
    if (!existsSync(path)) throw new Error(`${current} is not installed in the scratch app`);
    const manifest = JSON.parse(await readFile(path, 'utf8'));
    const optional = manifest.peerDependenciesMeta ?? {};
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter((peer) => optional[peer]?.optional !== true);
    for (const dependency of [...Object.keys(manifest.dependencies ?? {}), ...peers]) {
      if (!seen.has(dependency)) seen.add(dependency), queue.push(dependency);
    }
  }
  return [...seen].sort();
}

/** The README's "the typed client; it pulls in A, B and C" names exactly what the installed @paysign/gateway pulls in. */
export async function checkReadmeDependencies(consumer) {
  const match = /the typed client; it pulls in ([^.(]+)/.exec(await readme());
  if (match === null) return { ok: false, detail: 'the README has no "the typed client; it pulls in ..." line' };
  const said = match[1]
    .split(/,|\band\b/)
    .map((item) => item.replace(/`/g, '').trim())
    .filter((item) => item !== '')
    .sort();
  const actual = await pulledIn(consumer, '@paysign/gateway');
  const ok = JSON.stringify(said) === JSON.stringify(actual);
  return { ok, detail: ok ? '' : `the README says ${said.join(', ')}; the packed manifests pull in ${actual.join(', ')}` };
}
