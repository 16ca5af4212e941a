// What an app pays for @paysign/gateway, against oauth-1.0a (the OAuth 1.0 signer most Node apps
// install) in the same scratch directory and the same run:
//
// - bytes: an empty app installs the gateway with the README's command (its tarball and those of
//   the packages it pulls in), another installs oauth-1.0a from the npm registry; the bytes of
//   every file under each app's node_modules. At most 10x.
// - time: a fresh `node` process imports the package and makes what signs a request (the
//   gateway's client with its control key; oauth-1.0a with node:crypto's HMAC-SHA1, as its README
//   shows), timed from before the import to after the creation; the median of several processes,
//   the two alternating, in the least disturbed of up to three rounds. Goal at most 2.5x; printed
//   by check-packages.mjs, not gated (a timing on shared cores moves with the load).
//
// The app must not install a package with an install script (lmdb and msgpackr-extract are the
// emulator's, a developer's tool).
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_INSTALL_COMMAND, NPM_FLAGS } from './consumer.mjs';
import { exec } from './workspace.mjs';

/** The peer measured against, at a fixed version from the npm registry. */
export const PEER = 'oauth-1.0a@2.2.6';
export const MAX_BYTES_RATIO = 10;
export const MAX_TIME_RATIO = 2.5;
const RUNS = Number(process.env.PAYSIGN_WEIGHT_RUNS ?? 11);
const ROUNDS = 3;

const TIMED = {
  gateway: `
const started = performance.now();
const { createGatewayClient } = await import('@paysign/gateway');
createGatewayClient({ baseUrl: 'https://sandbox.gate.example', endpointId: '1234', login: 'merchant-login', controlKey: 'control-key' });
console.log(performance.now() - started);
`,
  peer: `
const started = performance.now();
const { default: OAuth } = await import('oauth-1.0a');
const { createHmac } = await import('node:crypto');
OAuth({ consumer: { key: 'merchant-login', secret: 'control-key' }, signature_method: 'HMAC-SHA1', hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64') });
console.log(performance.now() - started);
`,
};

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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
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

  await writeFile(join(app, 'timed.mjs'), TIMED.gateway);
  await writeFile(join(peer, 'timed.mjs'), TIMED.peer);
  // Up to ROUNDS rounds of RUNS processes each, the two alternating; the least disturbed round
  // counts (on a shared machine a burst of load lengthens one round, never shortens one).
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const runs = { gateway: [], peer: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const [name, cwd] of [
        ['gateway', app],
        ['peer', peer],
      ]) {
        const run = await exec(process.execPath, ['timed.mjs'], { cwd });
        const ms = Number(run.stdout.trim());
        if (run.code !== 0 || !Number.isFinite(ms)) return { bytes, scripts, time: { ok: false, detail: `${name}: exit ${run.code}\n${run.stderr.trim()}` } };
        runs[name].push(ms);
      }
    }
    rounds.push({ gatewayMs: median(runs.gateway), peerMs: median(runs.peer) });
    if (rounds.at(-1).gatewayMs / rounds.at(-1).peerMs <= MAX_TIME_RATIO) break;
  }
  const best = rounds.reduce((a, b) => (b.gatewayMs / b.peerMs < a.gatewayMs / a.peerMs ? b : a));
  const timeRatio = best.gatewayMs / best.peerMs;
  const time = {
    ok: timeRatio <= MAX_TIME_RATIO,
    detail: `${best.gatewayMs.toFixed(1)} ms for @paysign/gateway, ${best.peerMs.toFixed(1)} ms for ${PEER}: ${timeRatio.toFixed(2)}x (at most ${MAX_TIME_RATIO}x; medians of ${RUNS} fresh processes each; rounds: ${rounds.map((r) => `${(r.gatewayMs / r.peerMs).toFixed(2)}x`).join(', ')})`,
    gatewayMs: best.gatewayMs,
    peerMs: best.peerMs,
    ratio: timeRatio,
  };
  return { bytes, time, scripts };
}
