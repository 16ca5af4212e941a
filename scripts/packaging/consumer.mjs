// An empty app outside the workspace that installs the packed tarballs with npm, as the README
// tells a user to: no workspace links, no hoisted devDependencies, only what the tarballs declare.
import { readFile, writeFile } from 'node:fs/promises';
import { exec } from './workspace.mjs';

/** The README's command, run as it is written (the shell expands the glob) in the app's directory. */
export const INSTALL_COMMAND = 'npm install ./paysign-tarballs/*.tgz';
const NPM_FLAGS = '--no-audit --no-fund --ignore-scripts --prefer-offline --loglevel=error';

/**
 * Installs every tarball of `<dir>/consumer/paysign-tarballs` with {@link INSTALL_COMMAND}; the
 * @paysign/* dependencies between them must resolve to the tarballs.
 */
export async function installConsumer(dir, packages) {
  const consumer = `${dir}/consumer`;
  await writeFile(`${consumer}/package.json`, JSON.stringify({ name: 'paysign-consumer', private: true }, null, 2));
  // --prefer-offline: the registry only for third-party dependencies the npm cache lacks.
  const run = await exec('sh', ['-c', `${INSTALL_COMMAND} ${NPM_FLAGS}`], { cwd: consumer });
  const result = { consumer, command: INSTALL_COMMAND };
  if (run.code !== 0) return { ...result, ok: false, detail: `npm install failed (exit ${run.code}):\n${run.stderr.trim()}` };
  // A workspace package must come from its tarball, never from the registry under the same name.
  const lock = JSON.parse(await readFile(`${consumer}/package-lock.json`, 'utf8'));
  const strays = Object.entries(lock.packages)
    .filter(([path, entry]) => packages.some((p) => path.endsWith(`node_modules/${p.name}`)) && !String(entry.resolved).startsWith('file:'))
    .map(([path, entry]) => `${path} came from ${entry.resolved ?? 'the registry'}`);
  const missing = packages.filter((p) => !Object.hasOwn(lock.packages, `node_modules/${p.name}`)).map((p) => `${p.name} was not installed`);
  const problems = [...strays, ...missing];
  return { ...result, ok: problems.length === 0, detail: problems.join('\n') };
}

/**
 * An optional peer is never installed by the tarballs, and the package imports without it; then
 * it is installed as an app that wants it does, so that the entries needing it are checked too.
 */
export async function installOptionalPeers(consumer) {
  const absent = await exec(
    process.execPath,
    ['-e', "import('@opentelemetry/api').then(() => process.exit(3), () => import('@paysign/gateway')).then(() => process.exit(0))"],
    {
      cwd: consumer,
    },
  );
  if (absent.code !== 0) {
    return {
      ok: false,
      detail: absent.code === 3 ? '@opentelemetry/api was installed by the tarballs' : `@paysign/gateway did not import without it:\n${absent.stderr.trim()}`,
    };
  }
  const run = await exec('sh', ['-c', `npm install @opentelemetry/api@^1.4.0 ${NPM_FLAGS}`], { cwd: consumer });
  return { ok: run.code === 0, detail: run.code === 0 ? '' : `npm install @opentelemetry/api failed:\n${run.stderr.trim()}` };
}
