// An empty app outside the workspace that installs the packed tarballs with npm, as the README
// tells a user to: no workspace links, no hoisted devDependencies, only what the tarballs declare.
import { readFile, writeFile } from 'node:fs/promises';
import { exec } from './workspace.mjs';

const tarballs = (...names) => names.map((name) => `./paysign-tarballs/paysign-${name}-*.tgz`).join(' ');

/** The README's command for an app: the typed client and the packages it pulls in (the shell expands the globs). */
export const APP_INSTALL_COMMAND = `npm install ${tarballs('oauth-core', 'payload-codec', 'protocol', 'gateway')}`;
/** The README's command for the libraries an app adds when it uses them. */
export const WHEN_USED_INSTALL_COMMAND = `npm install ${tarballs('stores', 'bulk', 'edge')}`;
/** The README's command for the tools a developer runs: dev dependencies. */
export const TOOLS_INSTALL_COMMAND = `npm install --save-dev ${tarballs('emulator', 'cli')}`;
/** The README's commands, in its order: together they install every package. */
export const INSTALL_COMMANDS = [APP_INSTALL_COMMAND, WHEN_USED_INSTALL_COMMAND, TOOLS_INSTALL_COMMAND];
export const NPM_FLAGS = '--no-audit --no-fund --ignore-scripts --prefer-offline --loglevel=error';

/**
 * Installs every tarball of `<dir>/consumer/paysign-tarballs` with the README's {@link INSTALL_COMMANDS},
 * one after the other; the @paysign/* dependencies between them must resolve to the tarballs.
 */
export async function installConsumer(dir, packages) {
  const consumer = `${dir}/consumer`;
  await writeFile(`${consumer}/package.json`, JSON.stringify({ name: 'paysign-consumer', private: true }, null, 2));
  // --prefer-offline: the registry only for third-party dependencies the npm cache lacks.
  const result = { consumer, command: 'the three install commands of the README' };
  for (const command of INSTALL_COMMANDS) {
    const run = await exec('sh', ['-c', `${command} ${NPM_FLAGS}`], { cwd: consumer });
    if (run.code !== 0) return { ...result, ok: false, detail: `${command} failed (exit ${run.code}):\n${run.stderr.trim()}` };
  }
  // A workspace package must come from its tarball, never from the registry under the same name.
  const lock = JSON.parse(await readFile(`${consumer}/package-lock.json`, 'utf8'));
  const strays = Object.entries(lock.packages)
    .filter(([path, entry]) => packages.some((p) => path.endsWith(`node_modules/${p.name}`)) && !String(entry.resolved).startsWith('file:'))
    .map(([path, entry]) => `${path} came from ${entry.resolved ?? 'the registry'}`);
  const missing = packages.filter((p) => !Object.hasOwn(lock.packages, `node_modules/${p.name}`)).map((p) => `${p.name} was not installed`);
  const problems = [...strays, ...missing];
  return { ...result, ok: problems.length === 0, detail: problems.join('\n') };
}

/** The optional peer dependencies, each with the entry that needs it: @paysign/gateway/opentelemetry and @paysign/oauth-core/js. */
export const OPTIONAL_PEERS = ['@opentelemetry/api@^1.4.0', '@noble/hashes@^2.0.0', 'micro-rsa-dsa-dh@^0.2.3'];

/**
 * An optional peer is never installed by the tarballs, and the packages import without them (the
 * gateway, oauth-core's root); then they are installed as an app that wants one does, so that the
 * entries needing them are checked too.
 */
export async function installOptionalPeers(consumer) {
  const peers = OPTIONAL_PEERS.map((peer) => peer.slice(0, peer.lastIndexOf('@')));
  const script = `
const present = [];
for (const peer of ${JSON.stringify(peers)}) await import(peer).then(() => present.push(peer), () => undefined);
if (present.length > 0) { console.error(present.join(', ')); process.exit(3); }
await import('@paysign/gateway');
await import('@paysign/oauth-core');`;
  const absent = await exec(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer });
  if (absent.code !== 0) {
    return {
      ok: false,
      detail:
        absent.code === 3
          ? `installed by the tarballs: ${absent.stderr.trim()}`
          : `@paysign/gateway or @paysign/oauth-core did not import without them:\n${absent.stderr.trim()}`,
    };
  }
  const run = await exec('sh', ['-c', `npm install ${OPTIONAL_PEERS.join(' ')} ${NPM_FLAGS}`], { cwd: consumer });
  return { ok: run.code === 0, detail: run.code === 0 ? '' : `npm install ${OPTIONAL_PEERS.join(' ')} failed:\n${run.stderr.trim()}` };
}
