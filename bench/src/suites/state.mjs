// `pnpm --filter @paysign/bench bench:state [--stored=100000] [--rows=3000] [--concurrency=32] [--rounds=2] [--out=FILE]`:
// the emulator's `--state DIR` (an LMDB database written per change, issue #29 item 5) against the
// same emulator in memory, in one run. Each round runs the same HMAC-SHA1 bulk update (rows from a
// CSV file, file journal, `createNodeFetch`) twice, alternately against an emulator in memory
// holding `--stored` payments and against one restored from a state directory holding the same
// payments; the ratio of the two is the figure, as the machine's load moves both alike. Also: the
// time a `--stored`-payment state takes to open (openStateDirectory through the first answer), the
// time the new state took to write whole once, the emulator's peak RSS with the state, and the
// database's size. Targets (issue #29): >= 500 rows/s and >= 60% of the in-memory run at
// concurrency 32 with 100,000 payments, open < 5 s, RSS < 300 MB.
// Plain JavaScript over the built packages (dist/): `pnpm build` first.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COLUMNS, day, storedProfile } from './_stored-payments.mjs';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const fromRepo = (path) => import(pathToFileURL(join(REPO, path)).href);
const argument = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const MERCHANT = { login: 'bench', controlKey: 'bench-key', endpointIds: ['1'], currency: 'EUR' };

/** The emulator's process: `{ stored, dir }` (dir: a state directory, or none for memory only). */
async function emulatorProcess() {
  const { serve, openStateDirectory } = await fromRepo('packages/emulator/dist/node.js');
  process.once('message', async ({ stored, dir, fill }) => {
    const profiles = fill ? Array.from({ length: stored }, (_, i) => storedProfile(i + 1)) : undefined;
    const begun = performance.now();
    const cpu = process.cpuUsage();
    const state = dir === undefined ? undefined : await openStateDirectory(dir);
    const server = await serve({ merchants: [MERCHANT], ...(profiles && { profiles }), ...(state && { state }), log: () => {} });
    // Restored (or, new, written whole) before the first answer, as `paysign emulator` does before
    // it prints its URL; and every payment scheduled, which the emulator in memory does at its
    // first request (so neither run pays for it inside the timed bulk).
    await server.emulator.persist();
    await server.emulator.recurring.runThrough();
    const openMs = performance.now() - begun;
    const used = process.cpuUsage(cpu);
    const openCpuMs = (used.user + used.system) / 1000;
    globalThis.gc?.();
    const openRssMb = process.memoryUsage().rss / 2 ** 20;
    const openBreakdown = rssBreakdown();
    process.on('message', async (message) => {
      if (message === 'stop') {
        globalThis.gc?.();
        const rssMb = process.memoryUsage().rss / 2 ** 20;
        const breakdown = rssBreakdown();
        await server.emulator.persist();
        await server.close();
        await state?.close();
        process.send({ maxRssMb: process.resourceUsage().maxRSS / 1024, rssMb, ...breakdown });
        process.disconnect();
      }
    });
    process.send({ url: server.url, openMs, openCpuMs, openRssMb, openBreakdown, payments: (await server.emulator.profiles.list()).length });
  });
}

/**
 * What the RSS is made of (Linux): anonymous memory (the JavaScript heap, native allocations),
 * file-backed pages (the memory-mapped state.mdb, the binaries), and the heap in use after a GC.
 */
function rssBreakdown() {
  const { heapUsed, heapTotal } = process.memoryUsage();
  const heapUsedMb = heapUsed / 2 ** 20;
  const heapTotalMb = heapTotal / 2 ** 20;
  let status = '';
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    return { heapUsedMb, heapTotalMb };
  }
  const kilobytes = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { heapUsedMb, heapTotalMb, rssAnonMb: kilobytes('RssAnon') / 1024, rssFileMb: kilobytes('RssFile') / 1024 };
}

function ask(child, message) {
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
    child.send(message);
  });
}

async function bulkRun(url, csv, journalPath, concurrency) {
  const { createGatewayClient } = await fromRepo('packages/gateway/dist/index.js');
  const { createNodeFetch } = await fromRepo('packages/gateway/dist/node.js');
  const { bulkUpdateRecurringPayments } = await fromRepo('packages/bulk/dist/index.js');
  const { createFileJournal, csvFileRows } = await fromRepo('packages/bulk/dist/node.js');
  const nodeFetch = createNodeFetch();
  const client = createGatewayClient({ baseUrl: url, endpointId: '1', login: MERCHANT.login, controlKey: MERCHANT.controlKey, fetch: nodeFetch });
  const journal = createFileJournal(journalPath);
  const started = performance.now();
  const summary = await bulkUpdateRecurringPayments({ client, source: csvFileRows(csv), journal, concurrency });
  const seconds = (performance.now() - started) / 1000;
  await journal.close();
  nodeFetch.close();
  return { rowsPerSecond: summary.total / seconds, updated: summary.updated, total: summary.total };
}

async function main() {
  const stored = Number(argument('stored', '100000'));
  const rows = Number(argument('rows', '3000'));
  const concurrency = Number(argument('concurrency', '32'));
  const rounds = Number(argument('rounds', '2'));
  const self = fileURLToPath(import.meta.url);
  const work = mkdtempSync(join(tmpdir(), 'paysign-bench-state-'));
  const dir = join(work, 'state');
  const started = new Date();
  const csv = join(work, 'rows.csv');
  const out = createWriteStream(csv);
  out.write(`${COLUMNS.join(';')}\r\n`);
  // Rows spread over the stored payments, so the updates touch the whole database.
  const step = Math.max(1, Math.floor(stored / rows));
  for (let k = 0; k < rows; k++) {
    const n = ((k * step) % stored) + 1;
    const profile = { ...storedProfile(n), amount: `${(n % 90) + 11}.50`, 'start-date': day(n + 7) };
    if (!out.write(`${COLUMNS.map((column) => profile[column]).join(';')}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');

  const start = async (options) => {
    const child = fork(self, ['--emulator'], { stdio: 'inherit', execArgv: ['--expose-gc'] });
    return { child, ...(await ask(child, options)) };
  };
  const stop = async ({ child }) => {
    const usage = await ask(child, 'stop');
    await once(child, 'exit');
    return usage;
  };

  // The state, new: the stored payments written once, whole (one transaction).
  process.stderr.write(`writing a new state of ${stored} payments\n`);
  const created = await start({ stored, dir, fill: true });
  await stop(created);
  const database = statSync(join(dir, 'state.mdb')).size;
  process.stderr.write(`  written in ${(created.openMs / 1000).toFixed(1)} s, state.mdb ${(database / 2 ** 20).toFixed(0)} MB\n`);

  const results = [];
  for (let round = 1; round <= rounds; round++) {
    for (const mode of ['memory', 'state']) {
      const emulator = await start(mode === 'state' ? { stored, dir } : { stored, fill: true });
      const run = await bulkRun(emulator.url, csv, join(work, `${mode}-${round}.journal`), concurrency);
      const usage = await stop(emulator);
      const result = {
        round,
        mode,
        openMs: emulator.openMs,
        openCpuMs: emulator.openCpuMs,
        openRssMb: emulator.openRssMb,
        payments: emulator.payments,
        ...run,
        ...usage,
      };
      results.push(result);
      process.stderr.write(
        `round ${round} ${mode}: ${run.rowsPerSecond.toFixed(0)} rows/s (${run.updated}/${run.total} updated), ready with ${emulator.payments} payments in ${(emulator.openMs / 1000).toFixed(2)} s (CPU ${(emulator.openCpuMs / 1000).toFixed(2)} s), RSS ${emulator.openRssMb.toFixed(0)} MB ready (anonymous ${emulator.openBreakdown.rssAnonMb?.toFixed(0)}, file-backed ${emulator.openBreakdown.rssFileMb?.toFixed(0)}, heap ${emulator.openBreakdown.heapUsedMb.toFixed(0)} used of ${emulator.openBreakdown.heapTotalMb.toFixed(0)}), ${usage.rssMb.toFixed(0)} MB after (anonymous ${usage.rssAnonMb?.toFixed(0)}, file-backed ${usage.rssFileMb?.toFixed(0)}, heap ${usage.heapUsedMb.toFixed(0)} used of ${usage.heapTotalMb.toFixed(0)}), ${usage.maxRssMb.toFixed(0)} MB peak\n`,
      );
    }
  }
  const finalSize = statSync(join(dir, 'state.mdb')).size;
  rmSync(work, { recursive: true, force: true });

  const rowsOf = (mode) => results.filter((r) => r.mode === mode);
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const memoryRate = median(rowsOf('memory').map((r) => r.rowsPerSecond));
  const stateRate = median(rowsOf('state').map((r) => r.rowsPerSecond));
  const ratios = results
    .filter((r) => r.mode === 'state')
    .map((r) => r.rowsPerSecond / (results.find((m) => m.mode === 'memory' && m.round === r.round)?.rowsPerSecond ?? Number.NaN));
  const openMs = Math.max(...rowsOf('state').map((r) => r.openMs));
  const openCpuMs = Math.max(...rowsOf('state').map((r) => r.openCpuMs));
  const rss = Math.max(...rowsOf('state').map((r) => r.rssMb));
  const peak = Math.max(...rowsOf('state').map((r) => r.maxRssMb));
  const memoryPeak = Math.max(...rowsOf('memory').map((r) => r.maxRssMb));
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  const text = [
    `emulator --state (LMDB, written per change) against the emulator in memory: HMAC-SHA1 bulk update-recurring-payments, ${rows} rows over ${stored} stored payments, concurrency ${concurrency}, ${rounds} alternating rounds; ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'CPU'}), load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} at the end, Node ${process.version}`,
    '',
    '| round | emulator | rows/s | updated | ready (s) | ready, CPU (s) | RSS ready (MB) | RSS after (MB) | RSS peak (MB) |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.round} | ${r.mode === 'state' ? `--state (${r.payments} payments restored)` : `memory (${r.payments} payments)`} | ${r.rowsPerSecond.toFixed(0)} | ${r.updated}/${r.total} | ${(r.openMs / 1000).toFixed(2)} | ${(r.openCpuMs / 1000).toFixed(2)} | ${r.openRssMb.toFixed(0)} | ${r.rssMb.toFixed(0)} | ${r.maxRssMb.toFixed(0)} |`,
    ),
    '',
    `| target (issue #29 item 5) | measured | |`,
    '| --- | ---: | --- |',
    `| --state >= 500 rows/s (median) | ${stateRate.toFixed(0)} | ${verdict(stateRate >= 500)} |`,
    `| --state >= 60% of memory, same round | ${ratios.map((r) => `${(100 * r).toFixed(0)}%`).join(', ')} (medians: ${((100 * stateRate) / memoryRate).toFixed(0)}%) | ${verdict(Math.min(...ratios) >= 0.6)} |`,
    `| a ${stored}-payment state opens in < 5 s (wall, slowest) | ${(openMs / 1000).toFixed(2)} s | ${verdict(openMs < 5000)} |`,
    `| the same, in CPU time (steadier on a shared machine) | ${(openCpuMs / 1000).toFixed(2)} s | ${verdict(openCpuMs < 5000)} |`,
    `| emulator RSS < 300 MB with --state (after the run) | ${rss.toFixed(0)} MB (peak ${peak.toFixed(0)} MB; in memory: peak ${memoryPeak.toFixed(0)} MB) | ${verdict(rss < 300)} |`,
    '',
    `The new state (${stored} payments) was written whole in ${(created.openMs / 1000).toFixed(1)} s; state.mdb: ${(database / 2 ** 20).toFixed(0)} MB new, ${(finalSize / 2 ** 20).toFixed(0)} MB after the runs.`,
  ].join('\n');
  process.stdout.write(`${text}\n`);
  const file = argument('out', undefined);
  if (file) appendFileSync(file, `${text}\n\n`);
}

if (process.argv.includes('--emulator')) await emulatorProcess();
else await main();
