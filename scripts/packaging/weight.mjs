// What an app pays for @paysign/gateway, against oauth-1.0a (the OAuth 1.0 signer most Node apps
// install) in the same scratch directory and the same run:
//
// - bytes: an empty app installs the gateway with the README's command (its tarball and those of
//   the packages it pulls in), another installs oauth-1.0a from the npm registry; the bytes of
//   every file under each app's node_modules. At most 10x.
// - time: importing the gateway and making a client, against oauth-1.0a's import and signer, in
//   alternating pairs of fresh processes, each timing its own CPU time (import-time.mjs). The
//   median CPU-time ratio at most 2.5x; the wall-time ratio printed beside it.
//
// The app must not install a package with an install script (lmdb and msgpackr-extract are the
// emulator's, a developer's tool).
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packTarballs } from '../pack-tarballs.mjs';
import { APP_INSTALL_COMMAND, NPM_FLAGS } from './consumer.mjs';
import { MAX_TIME_RATIO, measureImportTime, writeTimedScripts } from './import-time.mjs';
import { exec } from './workspace.mjs';

export { MAX_TIME_RATIO };

/** The peer measured against, at a fixed version from the npm registry. */
export const PEER = 'oauth-1.0a@2.2.6';
export const MAX_BYTES_RATIO = 10;

/** The bytes of every regular file under `dir` (links not followed). */
async function bytesUnder(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(path);
    else if (entry.isFile()) total += (await lstat(path)).size;
  }
  return total;
}

async function emptyApp(dir, name) {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }, null, 2));
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * Installs the gateway into `<dir>/app` from the tarballs in `tarballDir` with the README's app
 * command, and the peer into `<dir>/peer`; resolves to the two checks' results and the figures.
 */
export async function measureWeight(dir, tarballDir) {
  const app = join(dir, 'app');
  const peer = join(dir, 'peer');
  await emptyApp(app, 'paysign-gateway-app');
  await emptyApp(peer, 'oauth-1.0a-app');
  const command = APP_INSTALL_COMMAND.replaceAll('./paysign-tarballs/', `${tarballDir}/`);
  const [installed, peerInstalled] = await Promise.all([
    exec('sh', ['-c', `${command} ${NPM_FLAGS}`], { cwd: app }),
    exec('sh', ['-c', `npm install ${PEER} ${NPM_FLAGS}`], { cwd: peer }),
  ]);
  const failed = [
    installed.code !== 0 && `${APP_INSTALL_COMMAND} failed (exit ${installed.code}):\n${installed.stderr.trim()}`,
    peerInstalled.code !== 0 && `npm install ${PEER} failed (exit ${peerInstalled.code}):\n${peerInstalled.stderr.trim()}`,
  ].filter(Boolean);
  if (failed.length > 0) {
    const result = { ok: false, detail: failed.join('\n') };
    return { bytes: result, time: result, scripts: result };
  }

  const lock = JSON.parse(await readFile(join(app, 'package-lock.json'), 'utf8'));
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path.replace(/^node_modules\//, ''));
  const packages = Object.keys(lock.packages)
    .filter((path) => path !== '')
    .map((path) => path.replace(/^node_modules\//, ''));
  const scripts = {
    ok: withScripts.length === 0,
    detail: withScripts.length === 0 ? `it installs ${packages.join(', ')}` : `packages with install scripts: ${withScripts.join(', ')}`,
  };

  const [appBytes, peerBytes] = await Promise.all([bytesUnder(join(app, 'node_modules')), bytesUnder(join(peer, 'node_modules'))]);
  const bytesRatio = appBytes / peerBytes;
  const bytes = {
    ok: bytesRatio <= MAX_BYTES_RATIO,
    detail: `${kb(appBytes)} in the app's node_modules, ${kb(peerBytes)} for ${PEER}: ${bytesRatio.toFixed(2)}x (at most ${MAX_BYTES_RATIO}x)`,
    appBytes,
    peerBytes,
    ratio: bytesRatio,
  };

  await writeTimedScripts(app, peer);
  const time = await measureImportTime(app, peer);
  return { bytes, time, scripts };
}

// Alone, from a checkout after `pnpm build`: packs the tarballs, installs both apps in a scratch
// directory and prints the three results (the packaging check runs the same, last).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = await mkdtemp(`${tmpdir()}/paysign-weight-`);
  try {
    const pack = await packTarballs(`${dir}/paysign-tarballs`);
    if (!pack.ok) throw new Error(`pack:tarballs failed: ${pack.detail}`);
    const results = await measureWeight(`${dir}/weight`, `${dir}/paysign-tarballs`);
    for (const [name, { ok, detail }] of Object.entries(results)) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
    process.exitCode = Object.values(results).every((result) => result.ok) ? 0 : 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
