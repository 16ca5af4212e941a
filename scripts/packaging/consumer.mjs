// An empty project outside the workspace that installs the packed tarballs with npm, as a user
// would: no workspace links, no hoisted devDependencies, only what the tarballs declare.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { exec } from './workspace.mjs';

/** Installs every tarball into `<dir>/consumer`; the @paysign/* dependencies between them resolve to the tarballs. */
export async function installConsumer(dir, packages) {
  const consumer = `${dir}/consumer`;
  await mkdir(consumer, { recursive: true });
  await writeFile(`${consumer}/package.json`, JSON.stringify({ name: 'paysign-consumer', private: true }, null, 2));
  // --prefer-offline: the registry only for third-party dependencies the npm cache lacks.
  const run = await exec(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', '--loglevel=error', ...packages.map((p) => p.tarball)],
    {
      cwd: consumer,
    },
  );
  if (run.code !== 0) return { consumer, ok: false, detail: `npm install failed (exit ${run.code}):\n${run.stderr.trim()}` };
  // A workspace package must come from its tarball, never from the registry under the same name.
  const lock = JSON.parse(await readFile(`${consumer}/package-lock.json`, 'utf8'));
  const strays = Object.entries(lock.packages)
    .filter(([path, entry]) => packages.some((p) => path.endsWith(`node_modules/${p.name}`)) && !String(entry.resolved).startsWith('file:'))
    .map(([path, entry]) => `${path} came from ${entry.resolved ?? 'the registry'}`);
  return { consumer, ok: strays.length === 0, detail: strays.join('\n') };
}
