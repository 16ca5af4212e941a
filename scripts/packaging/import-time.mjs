// The time an app pays to import @paysign/gateway and make a client, against oauth-1.0a's import
// and making its signer, measured so that a shared, loaded machine moves it little:
//
// - each fresh `node` process times itself, from before the import to after the creation: the CPU
//   time of its main thread (Linux: /proc/thread-self/schedstat, in nanoseconds), the CPU time of
//   the whole process (user + system, process.cpuUsage(): with V8's and libuv's helper threads)
//   and its wall time (process.hrtime). CPU time does not count the time the process waited for a
//   core, which on 2 shared cores is most of a wall time's spread; the helper threads' share
//   grows with the load (their hand-offs wait and spin), the main thread's much less;
// - the two subjects run in pairs, one right after the other, the order alternating from pair to
//   pair, so that a pair sees the same load; each pair gives a ratio (gateway / peer);
// - the figure is the median of every pair's ratio, over ROUNDS rounds of PAIRS pairs (each
//   round's median is printed too, to show the spread). The gate is the main thread's CPU-time
//   ratio (the process's where the system has no schedstat: macOS); the process's CPU-time and
//   the wall-time ratios are printed beside it.
//
// Run alone on two installed apps (each with the `timed.mjs` TIMED_SCRIPTS writes):
//   node scripts/packaging/import-time.mjs <gateway-app-dir> <peer-app-dir>
// (`node scripts/packaging/weight.mjs` packs, installs and runs it from a checkout).
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exec } from './workspace.mjs';

/** Issue #37: importing the gateway and making a client costs at most this many times the peer's. */
export const MAX_TIME_RATIO = 2.5;
const PAIRS = Number(process.env.PAYSIGN_WEIGHT_RUNS ?? 11);
const ROUNDS = 3;

// Each process starts its clocks (node:fs is loaded before node runs a script, so importing it
// here costs both subjects nothing measurable), then prints its milliseconds from before the
// import to after the creation.
const START = `import { readFileSync } from 'node:fs';
const SCHEDSTAT = '/proc/thread-self/schedstat';
const threadMs = () => { try { return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6; } catch { return undefined; } };
const thread = threadMs();
const cpu = process.cpuUsage();
const wall = process.hrtime.bigint();`;
const REPORT = `const used = process.cpuUsage(cpu);
const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
const threadEnd = threadMs();
console.log(JSON.stringify({ threadMs: thread === undefined || threadEnd === undefined ? null : threadEnd - thread, cpuMs: (used.user + used.system) / 1000, wallMs }));`;

/**
 * The script each app runs: the gateway's client with its control key; oauth-1.0a with
 * node:crypto's HMAC-SHA1, as its README shows.
 */
export const TIMED_SCRIPTS = {
  gateway: `${START}
const { createGatewayClient } = await import('@paysign/gateway');
createGatewayClient({ baseUrl: 'https://sandbox.gate.example', endpointId: '1234', login: 'merchant-login', controlKey: 'control-key' });
${REPORT}
`,
  peer: `${START}
const { default: OAuth } = await import('oauth-1.0a');
const { createHmac } = await import('node:crypto');
OAuth({ consumer: { key: 'merchant-login', secret: 'control-key' }, signature_method: 'HMAC-SHA1', hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64') });
${REPORT}
`,
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Writes `timed.mjs` into both apps. */
export async function writeTimedScripts(appDir, peerDir) {
  await writeFile(join(appDir, 'timed.mjs'), TIMED_SCRIPTS.gateway);
  await writeFile(join(peerDir, 'timed.mjs'), TIMED_SCRIPTS.peer);
}

async function timeOnce(name, cwd) {
  const run = await exec(process.execPath, ['timed.mjs'], { cwd });
  try {
    const { threadMs, cpuMs, wallMs } = JSON.parse(run.stdout.trim());
    if (run.code === 0 && cpuMs > 0 && wallMs > 0 && (threadMs === null || threadMs > 0)) return { threadMs, cpuMs, wallMs };
  } catch {}
  throw new Error(`${name}: exit ${run.code}\n${run.stderr.trim() || run.stdout.trim()}`);
}

/**
 * Times the two apps' `timed.mjs` (see {@link writeTimedScripts}) in alternating pairs of fresh
 * processes; resolves to `{ ok, detail, ratio, clock, cpuRatio, wallRatio, rounds }`: `ratio` is
 * the median ratio of `clock` (the main thread's CPU time, or the process's where the system does
 * not tell it), `ok` when it is at most {@link MAX_TIME_RATIO}.
 */
export async function measureImportTime(appDir, peerDir) {
  const pairs = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < PAIRS; i++) {
        const gatewayFirst = (round * PAIRS + i) % 2 === 0;
        const first = gatewayFirst ? await timeOnce('gateway', appDir) : await timeOnce('peer', peerDir);
        const second = gatewayFirst ? await timeOnce('peer', peerDir) : await timeOnce('gateway', appDir);
        const [gateway, peer] = gatewayFirst ? [first, second] : [second, first];
        pairs.push({ round, gateway, peer });
      }
    }
  } catch (error) {
    return { ok: false, detail: error.message };
  }
  const byThread = pairs.every((pair) => pair.gateway.threadMs !== null && pair.peer.threadMs !== null);
  const clock = byThread ? 'threadMs' : 'cpuMs';
  const figure = (key, of = pairs) => ({
    ratio: median(of.map((pair) => pair.gateway[key] / pair.peer[key])),
    gatewayMs: median(of.map((pair) => pair.gateway[key])),
    peerMs: median(of.map((pair) => pair.peer[key])),
  });
  const gated = figure(clock);
  const cpu = figure('cpuMs');
  const wall = figure('wallMs');
  const inRound = (round) => pairs.filter((pair) => pair.round === round);
  const rounds = Array.from({ length: ROUNDS }, (_, round) => figure(clock, inRound(round)).ratio);
  const line = (name, { ratio, gatewayMs, peerMs }) =>
    `${name} ${ratio.toFixed(2)}x (${gatewayMs.toFixed(1)} ms for @paysign/gateway, ${peerMs.toFixed(1)} ms for the peer)`;
  const detail = [
    `${line(byThread ? "the main thread's CPU time" : "the process's CPU time", gated)}, at most ${MAX_TIME_RATIO}x; each round's: ${rounds.map((r) => `${r.toFixed(2)}x`).join(', ')}`,
    ...(byThread ? [line("the process's CPU time (with its helper threads)", cpu)] : []),
    `${line('wall time', wall)}; printed, not gated`,
    `medians of ${pairs.length} alternating pairs of fresh processes (${ROUNDS} rounds of ${PAIRS})`,
  ].join('\n');
  return { ok: gated.ratio <= MAX_TIME_RATIO, detail, ratio: gated.ratio, clock, cpuRatio: cpu.ratio, wallRatio: wall.ratio, rounds };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [appDir, peerDir] = process.argv.slice(2).map((dir) => resolve(dir));
  if (appDir === undefined || peerDir === undefined) {
    console.error('usage: node scripts/packaging/import-time.mjs <gateway-app-dir> <peer-app-dir>');
    process.exit(2);
  }
  await writeTimedScripts(appDir, peerDir);
  const result = await measureImportTime(appDir, peerDir);
  console.log(`${result.ok ? 'ok  ' : 'FAIL'} importing @paysign/gateway and creating a client, against oauth-1.0a\n${result.detail.replace(/^/gm, '     ')}`);
  process.exitCode = result.ok ? 0 : 1;
}
