// `pnpm --filter @paysign/bench bench:bulk [--rows=N] [--stored=N] [--concurrency=1,2,8,32]
//   [--configs=hmac,rsa-node,rsa-webcrypto] [--transports=node:http,fetch] [--compare=/path/to/other/checkout]
//   [--node=PATH] [--cpu-prof=DIR] [--out=FILE] [--title=HEADING]`:
// rows per second of bulkUpdateRecurringPayments against the local emulator over loopback,
// HMAC-SHA1 and RSA-SHA256 (4096-bit; node:crypto's synchronous signer and the WebCrypto path,
// which signs on libuv's thread pool), and the peak RSS of the bulk process with the input
// streamed from a CSV file on disk and a file journal. Each measurement runs in its own process,
// the emulator in another; both report the CPU time they used, so the table names the bottleneck
// (the process near 100% of one core, or neither: latency-bound). The emulator holds `--stored`
// realistic recurring payments (card, holder, schedule: period, interval, start-date, amount) and
// the CSV updates the first `--rows` of them with full rows. `--transports` picks the client's
// transport (`node:http`: `createNodeFetch`, what `paysign bulk` uses; `fetch`: Node's global fetch).
// `--compare` runs the same measurements (each config asked for) with another checkout's built
// client and emulator in the same run (a before/after ratio).
// `--node=PATH` runs the bulk process (and the node:crypto signing floor) on another Node binary, so
// with the OpenSSL it bundles (`pnpm runtimes:install` puts Node 22 and 24 under
// conformance/runtimes/node_modules/node22|node24/bin/node); the emulator stays on this one.
// Every RSA run also reports the bulk process's CPU per row by thread (Linux schedstat: the main
// thread, libuv's thread pool, V8's threads; and the event loop's active time from
// performance.eventLoopUtilization(), which also counts time the thread was runnable but
// preempted), against `openssl speed -seconds 3 rsa4096` (µs per signature,
// one core) and `openssl speed -multi <nproc> rsa4096` (signs/s, every core), both run in the
// same run: the "bulk on every core" table (#35 item 4), also over the second half of the rows
// alone (the JIT's compilations mostly behind).
// Run by hand: it needs the built bulk, gateway and emulator (`pnpm build`). Plain JavaScript, so it
// runs without the bench build (the packages are loaded from their dist/).
import { fork } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { once } from 'node:events';
import { execFileSync } from 'node:child_process';
import { appendFileSync, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COLUMNS, day, storedProfile } from './_stored-payments.mjs';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const argument = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

/** The emulator's process: serves until its parent disconnects. */
async function emulatorProcess() {
  const root = argument('root', REPO);
  const { serve } = await import(pathToFileURL(join(root, 'packages/emulator/dist/node.js')).href);
  process.once('message', async ({ stored, publicKey }) => {
    const server = await serve({
      merchants: [{ login: 'bench', controlKey: 'bench-key', publicKeys: [publicKey], endpointIds: ['1'], currency: 'EUR' }],
      profiles: Array.from({ length: stored }, (_, i) => storedProfile(i + 1)),
      log: () => {},
    });
    const cpu = process.cpuUsage();
    const wall = performance.now();
    process.on('message', () => {
      const used = process.cpuUsage(cpu);
      process.send({ cpuShare: (used.user + used.system) / 1000 / (performance.now() - wall) });
    });
    process.send({ url: server.url });
  });
  process.once('disconnect', () => process.exit(0));
}

/**
 * Each thread's CPU time in ms (Linux: /proc/self/task/<tid>/schedstat, nanoseconds; else undefined),
 * grouped as the main thread, libuv's thread pool (the RSA signatures, the journal's writes and
 * fdatasyncs) and the rest (V8's helper threads: garbage collection, compilation). A thread pool
 * thread is one named `libuv-worker` (libuv 1.48+, Node 22+); where threads have no names (Node 20),
 * the pool's `UV_THREADPOOL_SIZE` (default 4) threads are the last started, which they are in a
 * process that starts no thread of its own: the pool starts at boot there.
 */
function threadCpuMs() {
  try {
    const tids = readdirSync('/proc/self/task')
      .map(Number)
      .sort((a, b) => a - b);
    const names = tids.map((tid) => readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim());
    const named = names.includes('libuv-worker');
    const poolSize = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const times = { main: 0, pool: 0, other: 0 };
    tids.forEach((tid, index) => {
      const ms = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      const pool = named ? names[index] === 'libuv-worker' : index >= tids.length - poolSize;
      times[tid === process.pid ? 'main' : pool ? 'pool' : 'other'] += ms;
    });
    return times;
  } catch {
    return undefined;
  }
}

/** `openssl speed -mr [-multi N] -seconds S rsa4096`: RSA-4096 signatures per second (all processes together with -multi). */
function opensslRsa4096SignsPerSecond(seconds, processes) {
  const args = ['speed', '-mr', '-seconds', String(seconds), ...(processes > 1 ? ['-multi', String(processes)] : []), 'rsa4096'];
  const output = execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const line = output.split('\n').find((l) => /^\+F2:\d+:4096:/.test(l));
  if (line === undefined) throw new Error(`openssl ${args.join(' ')}: no +F2 line for 4096 bits`);
  return Number(line.split(':')[3]);
}

/** One measured bulk run: its own process, so its peak RSS is its own. */
// The bulk and gateway packages and the emulator come from the same checkout (`--root`), so a `--compare`
// run measures that checkout's client and transport too: `createNodeFetch` (node:http, what
// `paysign bulk` sends with) where the checkout has it, else the global fetch (undici). A checkout
// from before @paysign/bulk (no packages/bulk) has bulk in @paysign/gateway.
async function bulkProcess() {
  const root = argument('root', REPO);
  const fromRoot = (path) => import(pathToFileURL(join(root, path)).href);
  const bulkPackage = existsSync(join(root, 'packages/bulk/package.json')) ? 'packages/bulk' : 'packages/gateway';
  const { createGatewayClient } = await fromRoot('packages/gateway/dist/index.js');
  const { createNodeFetch } = await fromRoot('packages/gateway/dist/node.js');
  const { bulkUpdateRecurringPayments } = await fromRoot(`${bulkPackage}/dist/index.js`);
  const { createFileJournal, csvFileRows } = await fromRoot(`${bulkPackage}/dist/node.js`);
  process.once('message', async ({ url, csv, journalPath, algorithm, signer, concurrency, privateKey, transport, warmFrom }) => {
    const adapter = signer === 'webcrypto' ? (await fromRoot('packages/oauth-core/dist/webcrypto.js')).defaultAdapter : undefined;
    const nodeFetch = transport === 'node:http' ? createNodeFetch?.() : undefined;
    const client = createGatewayClient({
      baseUrl: url,
      endpointId: '1',
      login: 'bench',
      ...(algorithm === 'HMAC-SHA1' ? { controlKey: 'bench-key' } : { privateKey }),
      ...(adapter && { adapter }),
      ...(nodeFetch && { fetch: nodeFetch }),
    });
    const journal = createFileJournal(journalPath);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const threads = threadCpuMs();
    const loop = performance.eventLoopUtilization();
    // The second half of the rows on its own (`warm`): the JIT's compilations, a fixed cost that
    // weighs on a short run, are mostly behind by then.
    let recorded = 0;
    let warm;
    const onRecord = () => {
      if (++recorded === warmFrom) warm = { cpu: process.cpuUsage(), threads: threadCpuMs() };
    };
    const summary = await bulkUpdateRecurringPayments({ client, source: csvFileRows(csv), journal, concurrency, onRecord });
    const used = process.cpuUsage(cpu);
    const loopActiveMs = performance.eventLoopUtilization(loop).active;
    const threadsEnd = threads === undefined ? undefined : threadCpuMs();
    const threadUsPerRow = (group) => (threadsEnd === undefined ? undefined : ((threadsEnd[group] - threads[group]) * 1000) / summary.total);
    const wall = performance.now() - started;
    const warmRows = summary.total - warmFrom;
    const warmUsed = warm === undefined ? undefined : process.cpuUsage(warm.cpu);
    const warmThreadUs = (group) =>
      warm?.threads === undefined || threadsEnd === undefined ? undefined : ((threadsEnd[group] - warm.threads[group]) * 1000) / warmRows;
    await journal.close();
    nodeFetch?.close();
    process.send({
      transport: nodeFetch ? 'node:http' : 'fetch',
      updated: summary.updated,
      total: summary.total,
      rowsPerSecond: summary.total / (wall / 1000),
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      cpuShare: (used.user + used.system) / 1000 / wall,
      cpuUsPerRow: (used.user + used.system) / summary.total,
      mainThreadUsPerRow: threadUsPerRow('main'),
      poolUsPerRow: threadUsPerRow('pool'),
      otherThreadsUsPerRow: threadUsPerRow('other'),
      loopActiveUsPerRow: (loopActiveMs * 1000) / summary.total,
      warmCpuUsPerRow: warmUsed === undefined ? undefined : (warmUsed.user + warmUsed.system) / warmRows,
      warmMainThreadUsPerRow: warmThreadUs('main'),
      warmPoolUsPerRow: warmThreadUs('pool'),
      warmOtherThreadsUsPerRow: warmThreadUs('other'),
    });
    process.disconnect();
  });
}

/** The node:crypto floor's process: RSA-4096 signatures per second on one core, for 2 s. */
function signFloorProcess() {
  process.once('message', ({ privateKey }) => {
    const key = createPrivateKey(privateKey);
    const base = Buffer.from('POST&'.padEnd(900, 'x'));
    let signatures = 0;
    const begun = performance.now();
    while (performance.now() - begun < 2000) {
      sign('sha256', base, key);
      signatures++;
    }
    const signsPerSecond = signatures / ((performance.now() - begun) / 1000);
    process.send({ signsPerSecond, node: process.version, openssl: process.versions.openssl }, () => process.disconnect());
  });
}

/** `openssl version`'s first words (`OpenSSL 3.0.19 27 Jan 2026`). */
function opensslVersion() {
  return execFileSync('openssl', ['version'], { encoding: 'utf8' }).trim();
}

/** The version of the Node binary at `path`. */
function bulkNodeVersion(path) {
  return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
}

function ask(child, message) {
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
    child.send(message);
  });
}

/** `--cpu-prof=DIR`: each process writes a V8 CPU profile there (`node --cpu-prof`). */
const profileArgs = (name) => {
  const dir = argument('cpu-prof', undefined);
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : [];
};

/**
 * CPU time a process spent per row (user + system). On a shared machine the rows/s move with the
 * others' load; the CPU per row much less.
 */
const perRow = (r, share) => (share * 1e6) / r.rowsPerSecond;

/**
 * The ceiling on idle cores: each event loop (the bulk process's main thread, the emulator) can
 * give one core's second, and all the CPU (the bulk process's thread-pool signatures included)
 * shares the machine's cores; the run cannot beat the tighter of the two bounds.
 */
function ceiling(r) {
  const bulk = perRow(r, r.bulkCpu);
  const emulator = perRow(r, r.emulatorCpu);
  const loop = Math.max(r.mainThreadUsPerRow ?? bulk, emulator);
  return Math.min(1e6 / loop, (cpus().length * 1e6) / (bulk + emulator));
}

/**
 * Which side bounds a run: the process that spends more CPU per row (each is one event loop, so on
 * idle cores it saturates first). When neither process used most of a core, the machine's other
 * load or the round trip held the run back: said too.
 */
function bottleneck(r) {
  const side = perRow(r, r.bulkCpu) >= perRow(r, r.emulatorCpu) ? 'bulk CPU' : 'emulator CPU';
  const busy = Math.max(r.bulkCpu, r.emulatorCpu) >= 0.85;
  return busy ? side : `${side} per row; neither process busy (machine load or latency)`;
}

async function main() {
  const rows = Number(argument('rows', '10000'));
  const stored = Number(argument('stored', String(rows)));
  const levels = argument('concurrency', '1,2,8,32').split(',').map(Number);
  const wanted = argument('configs', 'hmac,rsa-node,rsa-webcrypto').split(',');
  const compare = argument('compare', undefined);
  // `--transports=node:http,fetch`: the client's transport(s) this checkout's runs use.
  const transports = argument('transports', 'node:http').split(',');
  const self = fileURLToPath(import.meta.url);
  // `--node=PATH`: the Node binary the bulk process (and the node:crypto floor) runs on; the emulator runs on this one.
  const bulkNode = argument('node', process.execPath);
  const dir = mkdtempSync(join(tmpdir(), 'paysign-bench-bulk-'));
  const started = new Date();
  process.stderr.write(`generating a 4096-bit RSA key; writing ${rows} rows; the emulator holds ${stored} payments\n`);
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 4096,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const csv = join(dir, 'rows.csv');
  const out = createWriteStream(csv);
  out.write(`${COLUMNS.join(';')}\r\n`);
  for (let n = 1; n <= rows; n++) {
    const profile = { ...storedProfile(n), amount: `${(n % 90) + 11}.50`, 'start-date': day(n + 7) };
    if (!out.write(`${COLUMNS.map((column) => profile[column]).join(';')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');

  // The signing floor for RSA: node:crypto signatures per second on one core, over a base string
  // of the size bulk signs, measured for 2 s before the runs by the Node the bulk process runs on
  // (`--node`), so with the OpenSSL that Node bundles.
  let rsaFloor;
  if (wanted.some((key) => key.startsWith('rsa'))) {
    const floor = fork(self, ['--sign-floor'], { stdio: 'inherit', execPath: bulkNode });
    rsaFloor = await ask(floor, { privateKey });
    process.stderr.write(
      `RSA-4096 node:crypto signatures/s on one core (Node ${rsaFloor.node}, OpenSSL ${rsaFloor.openssl}): ${rsaFloor.signsPerSecond.toFixed(0)}\n`,
    );
  }
  const rsaSignsPerSecond = rsaFloor?.signsPerSecond;
  // The machine's floor, by openssl in the same run: µs per RSA-4096 signature on one core.
  let opensslSingle;
  if (wanted.some((key) => key.startsWith('rsa'))) {
    opensslSingle = opensslRsa4096SignsPerSecond(3, 1);
    process.stderr.write(`openssl speed -seconds 3 rsa4096: ${opensslSingle.toFixed(1)} signs/s (${(1e6 / opensslSingle).toFixed(0)} µs per signature)\n`);
  }
  const table = [];
  const configs = [
    // `--compare`: the other checkout's client and emulator, for each config asked for (node:http where it has it).
    ...(compare
      ? [
          { key: 'hmac', algorithm: 'HMAC-SHA1', signer: 'node', root: compare, emulator: compare, transport: 'node:http' },
          { key: 'rsa-node', algorithm: 'RSA-SHA256', signer: 'node', root: compare, emulator: compare, transport: 'node:http' },
          { key: 'rsa-webcrypto', algorithm: 'RSA-SHA256', signer: 'webcrypto', root: compare, emulator: compare, transport: 'node:http' },
        ]
      : []),
    ...transports.flatMap((transport) => [
      { key: 'hmac', algorithm: 'HMAC-SHA1', signer: 'node', root: REPO, emulator: 'this checkout', transport },
      { key: 'rsa-node', algorithm: 'RSA-SHA256', signer: 'node', root: REPO, emulator: 'this checkout', transport },
      { key: 'rsa-webcrypto', algorithm: 'RSA-SHA256', signer: 'webcrypto', root: REPO, emulator: 'this checkout', transport },
    ]),
  ].filter((config) => wanted.includes(config.key));
  for (const concurrency of levels) {
    for (const { algorithm, signer, root, emulator: which, transport } of configs) {
      // A fresh emulator per run: every profile at revision 0, every nonce new.
      const emulator = fork(self, ['--emulator', `--root=${root}`], { stdio: 'inherit', execArgv: profileArgs('emulator') });
      const { url } = await ask(emulator, { stored, publicKey });
      const bulk = fork(self, ['--bulk', `--root=${root}`], { stdio: 'inherit', execArgv: profileArgs('bulk'), execPath: bulkNode });
      const result = await ask(bulk, {
        url,
        csv,
        journalPath: join(dir, `${algorithm}-${signer}-${concurrency}-${table.length}.journal`),
        algorithm,
        signer,
        concurrency,
        privateKey,
        transport,
        warmFrom: Math.floor(rows / 2),
      });
      const { cpuShare: emulatorCpu } = await ask(emulator, 'cpu');
      emulator.disconnect();
      const row = { algorithm, signer, concurrency, emulator: which, ...result, bulkCpu: result.cpuShare, emulatorCpu };
      row.bottleneck = bottleneck(row);
      table.push(row);
      process.stderr.write(
        `${algorithm} ${signer} c=${concurrency} (${which}, ${result.transport}): ${result.rowsPerSecond.toFixed(0)} rows/s, peak RSS ${result.maxRssMb.toFixed(0)} MB, CPU bulk ${(row.bulkCpu * 100).toFixed(0)}% emulator ${(emulatorCpu * 100).toFixed(0)}% (${result.updated}/${result.total} updated)\n`,
      );
    }
  }
  rmSync(dir, { recursive: true, force: true });
  // Every core's RSA rate, after the runs: `openssl speed -multi <nproc>`.
  const cores = cpus().length;
  let opensslMulti;
  if (opensslSingle !== undefined) {
    opensslMulti = opensslRsa4096SignsPerSecond(3, cores);
    process.stderr.write(`openssl speed -seconds 3 -multi ${cores} rsa4096: ${opensslMulti.toFixed(1)} signs/s\n`);
  }
  const us = (n) => (n === undefined ? 'n/a' : n.toFixed(0));
  const text = [
    `bulk update-recurring-payments, ${rows} rows (full rows: card, holder, schedule) from a CSV file, file journal (O_DSYNC writes, group commit), emulator holding ${stored} payments, over loopback; ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'CPU'}), load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' ',
      )} at the end; the emulator on Node ${process.version}, the bulk process on Node ${rsaFloor?.node ?? bulkNodeVersion(bulkNode)}${rsaFloor === undefined ? '' : ` (OpenSSL ${rsaFloor.openssl})`}`,
    '',
    '| signature | signer | checkout (client and emulator) | client transport | concurrency | rows/s | peak RSS (MB) | CPU bulk | CPU emulator | CPU µs/row bulk | CPU µs/row emulator | ceiling, idle cores (rows/s) | bottleneck | updated |',
    '| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...table.map(
      (r) =>
        `| ${r.algorithm} | ${r.signer} | ${r.emulator} | ${r.transport} | ${r.concurrency} | ${r.rowsPerSecond.toFixed(0)} | ${r.maxRssMb.toFixed(0)} | ${(r.bulkCpu * 100).toFixed(0)}% | ${(r.emulatorCpu * 100).toFixed(0)}% | ${perRow(r, r.bulkCpu).toFixed(0)} | ${perRow(r, r.emulatorCpu).toFixed(0)} | ${ceiling(r).toFixed(0)} | ${r.bottleneck} | ${r.updated}/${r.total} |`,
    ),
    ...(rsaSignsPerSecond === undefined
      ? []
      : [
          '',
          `RSA-4096 signing floor in this run: ${rsaSignsPerSecond.toFixed(0)} signatures/s on one core (node:crypto of the bulk process's Node ${rsaFloor.node}, OpenSSL ${rsaFloor.openssl}, 2 s: ${(1e6 / rsaSignsPerSecond).toFixed(0)} µs per signature), so ${(2 * rsaSignsPerSecond).toFixed(0)}/s for two cores; ` +
            table
              .filter((r) => r.algorithm === 'RSA-SHA256')
              .map((r) => `${r.signer} c=${r.concurrency}: ${((100 * r.rowsPerSecond) / (2 * rsaSignsPerSecond)).toFixed(0)}%`)
              .join(', ') +
            ' of the two-core rate.',
        ]),
    ...(opensslSingle === undefined || opensslMulti === undefined
      ? []
      : [
          '',
          `Bulk on every core (RSA-SHA256 rows, the emulator in its own process; load average ${loadavg()
            .map((n) => n.toFixed(1))
            .join(
              ' ',
            )} at the end). Floors measured in this run (${opensslVersion()}): \`openssl speed -seconds 3 rsa4096\` ${opensslSingle.toFixed(1)} signs/s, so ${(1e6 / opensslSingle).toFixed(0)} µs per signature; \`openssl speed -seconds 3 -multi ${cores} rsa4096\` ${opensslMulti.toFixed(1)} signs/s. The bulk process's CPU by thread (Linux schedstat, ns): "main thread" is its own (the event loop's work; the signatures not included), "thread pool" libuv's workers (the RSA signatures, the journal's writes and fdatasyncs), "other threads" V8's (garbage collection, compilation); "event loop active" is performance.eventLoopUtilization()'s active time (wall time the loop was not waiting, so it also counts time the thread was preempted by the machine's other load). Targets: main thread ≤ 1,000 µs per row; CPU per row ≤ 1.25x of one openssl signature. "Second half of the rows": the same figures over the rows after the first half were journaled, when the JIT's compilations (a fixed cost, on V8's threads and the main thread, that weighs on a short run) are mostly behind.`,
          '',
          `| signer | checkout | concurrency | rows/s | bulk RSA-SHA256 rows/s : openssl -multi ${cores} | CPU µs/row, bulk process | CPU per row : one openssl signature | main thread CPU µs/row | thread pool CPU µs/row | other threads CPU µs/row | event loop active µs/row | second half of the rows: CPU per row : one openssl signature | main / pool / other µs/row |`,
          '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
          ...table
            .filter((r) => r.algorithm === 'RSA-SHA256')
            .map(
              (r) =>
                `| ${r.signer} | ${r.emulator} | ${r.concurrency} | ${r.rowsPerSecond.toFixed(0)} | ${(r.rowsPerSecond / opensslMulti).toFixed(2)} | ${us(r.cpuUsPerRow)} | ${((r.cpuUsPerRow * opensslSingle) / 1e6).toFixed(2)}x | ${us(r.mainThreadUsPerRow)} | ${us(r.poolUsPerRow)} | ${us(r.otherThreadsUsPerRow)} | ${us(r.loopActiveUsPerRow)} | ${r.warmCpuUsPerRow === undefined ? 'n/a' : `${((r.warmCpuUsPerRow * opensslSingle) / 1e6).toFixed(2)}x`} | ${us(r.warmMainThreadUsPerRow)} / ${us(r.warmPoolUsPerRow)} / ${us(r.warmOtherThreadsUsPerRow)} |`,
            ),
        ]),
  ].join('\n');
  process.stdout.write(`${text}\n`);
  const file = argument('out', undefined);
  // `--title=...`: the section's heading in the results file.
  const title = argument('title', undefined);
  if (file) appendFileSync(file, `${title === undefined ? '' : `## ${title}\n\n`}${text}\n\n`);
}

if (process.argv.includes('--emulator')) await emulatorProcess();
else if (process.argv.includes('--bulk')) await bulkProcess();
else if (process.argv.includes('--sign-floor')) signFloorProcess();
else await main();
