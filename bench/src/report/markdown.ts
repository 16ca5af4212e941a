// results.md: the run's figures as tables, every comparison a paired ratio from the same run.
import { formatCount, formatRatio, formatSummary, type Summary } from '../harness/stats.js';
import type { GroupResult } from '../signers/matrix.js';
import { autoChoices, evaluateTargets, peerStandings } from './targets.js';
import type { BenchReport } from './types.js';

const ratio = (s: Summary) => `${formatRatio(s.median)} (${formatRatio(s.low)}–${formatRatio(s.high)})`;
const perSecond = (value: number) => `${formatCount(value)}/s`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

function signingTable(groups: readonly GroupResult[]): string[] {
  const requests = groups.map((g) => g);
  const ids: string[] = [];
  const labels = new Map<string, string>();
  for (const g of groups) for (const c of g.cases) if (!labels.has(c.id)) labels.set(c.id, c.label), ids.push(c.id);
  const lines = [`| signer | ${requests.map((g) => g.requestTitle).join(' | ')} |`, `|---|${requests.map(() => '---:').join('|')}|`];
  for (const id of ids) {
    const cells = requests.map((g) => {
      const c = g.cases.find((x) => x.id === id);
      if (!c) return '–';
      const isFloor = c.id === g.floorId;
      return `${formatSummary(c.opsPerSecond, perSecond)} · ${isFloor ? '**floor**' : formatRatio(c.vsFloor.median)}`;
    });
    const auto = groups[0]!.auto === id.slice('paysign:'.length) ? ' (auto)' : '';
    lines.push(`| ${labels.get(id)}${auto} | ${cells.join(' | ')} |`);
  }
  return lines;
}

/**
 * Renders the report as Markdown.
 *
 * @example
 * ```ts
 * writeFileSync('results/results.md', renderMarkdown(report));
 * ```
 */
export function renderMarkdown(report: BenchReport): string {
  const out: string[] = [];
  const m = report.machine;
  out.push('# paysign benchmark results', '');
  out.push(
    `Generated ${report.generatedAt} by \`pnpm bench\`${report.quick ? ' **(quick mode: indicative only)**' : ''}. ` +
      `${m.cpu}, ${m.cores} cores, host ${m.host}; load average ${m.loadBefore.map((x) => x.toFixed(2)).join(' ')} before, ` +
      `${m.loadAfter.map((x) => x.toFixed(2)).join(' ')} after (the machine is shared: absolute figures move, ratios are paired per round).`,
    '',
    `Each figure is the median of ${report.rounds} interleaved rounds (samples of ~${report.sampleMs} ms, after a warm-up round) with half the interquartile range as ±spread. ` +
      'Ratios are medians of per-round ratios against the fastest floor of the same group, measured in the same rounds.',
    '',
  );

  const targets = evaluateTargets(report);
  if (targets.length > 0) {
    out.push('## Targets', '', '| target | goal | reached (median, IQR) | met |', '|---|---:|---:|:---:|');
    for (const t of targets)
      out.push(
        `| ${t.target} | ≥ ${formatRatio(t.goal)} | ${t.reached ? ratio(t.reached) : 'not measured'} | ${t.met === undefined ? '–' : t.met ? 'yes' : '**no**'} |`,
      );
    out.push('');
  }

  const choices = autoChoices(report);
  if (choices.length > 0) {
    out.push(
      '## Automatic adapter choice',
      '',
      "`import ... from '@paysign/oauth-core'` picks an adapter per runtime through the export map. Fastest correct adapter measured beside it:",
      '',
    );
    out.push('| runtime | algorithm | request | auto | fastest | auto vs fastest | auto is fastest |', '|---|---|---|---|---|---:|:---:|');
    for (const c of choices) {
      // Within noise when 1.00x lies inside the interquartile range of the paired ratios.
      const verdict = c.auto === c.fastest ? 'yes' : c.autoVsFastest.high >= 1 ? 'within noise' : '**no**';
      out.push(`| ${c.runtime} | ${c.algorithm} | ${c.requestId} | ${c.auto} | ${c.fastest} | ${ratio(c.autoVsFastest)} | ${verdict} |`);
    }
    out.push('');
  }

  const standings = peerStandings(report);
  if (standings.length > 0) {
    out.push(
      '## Against the peers',
      '',
      "paysign's automatic choice against the fastest peer library of each group, as a paired ratio per round (above 1.00x: paysign is faster).",
      '',
      '| runtime | algorithm | request | auto | fastest peer | auto vs that peer | a peer is faster |',
      '|---|---|---|---|---|---:|:---:|',
    );
    for (const s of standings) {
      const verdict = s.peerFaster === 'yes' ? '**yes**' : s.peerFaster;
      out.push(`| ${s.runtime} | ${s.algorithm} | ${s.requestId} | ${s.auto} | ${s.bestPeer} | ${ratio(s.autoVsBestPeer)} | ${verdict} |`);
    }
    out.push('');
  }

  const runtimes = [...new Set(report.signing.map((g) => g.runtime))];
  for (const algorithm of ['HMAC-SHA1', 'RSA-SHA256']) {
    const ofAlgorithm = report.signing.filter((g) => g.algorithm === algorithm);
    if (ofAlgorithm.length === 0) continue;
    out.push(`## ${algorithm}: full signing, parameters to Authorization header`, '');
    if (algorithm === 'RSA-SHA256')
      out.push(
        '4096-bit PKCS#1 key, generated at the start of the run. The pure-JS adapter signs without CRT, so it is measured on the transfer request only.',
        '',
      );
    for (const runtime of runtimes) {
      const groups = ofAlgorithm.filter((g) => g.runtime === runtime);
      if (groups.length === 0) continue;
      out.push(`### ${runtime}`, '', ...signingTable(groups), '');
    }
  }
  if (report.openssl)
    out.push(
      `\`openssl speed rsa4096\` (${report.openssl.version}), one core: **${formatCount(report.openssl.signsPerSecond)} signs/s**, the machine's limit for one thread.`,
      '',
    );
  if (report.skippedRuntimes.length > 0) {
    out.push('Runtimes not measured in this run:', '');
    for (const s of report.skippedRuntimes) out.push(`- ${s.runtime}: ${s.reason}`);
    out.push('');
  }

  if (report.concurrency) {
    const c = report.concurrency;
    out.push(
      '## RSA-SHA256 across cores',
      '',
      `${c.cores} cores. Worker threads each sign with their own signer (node adapter, \`signSync\`); the thread pool rows keep k WebCrypto signatures in flight on the main thread (libuv's pool does the work).`,
      '',
    );
    out.push('| mode | parallelism | signs/s | scaling vs 1 |', '|---|---:|---:|---:|');
    for (const p of c.workerThreads) out.push(`| worker_threads | ${p.parallelism} | ${formatSummary(p.opsPerSecond)} | ${ratio(p.scaling)} |`);
    for (const p of c.threadPool) out.push(`| WebCrypto in flight | ${p.parallelism} | ${formatSummary(p.opsPerSecond)} | ${ratio(p.scaling)} |`);
    out.push('');
  }

  if (report.rsaInFlight) {
    const r = report.rsaInFlight;
    out.push(
      `## RSA-SHA256 4096, ${r.inFlight} in flight`,
      '',
      `\`createSigner\` of \`@paysign/oauth-core/node\`, ${r.inFlight} \`sign()\` calls in flight on the transfer request (RSA on libuv's thread pool, ${r.threadPoolSize} threads), against \`openssl speed -multi ${r.cores} rsa4096\` (${r.opensslVersion}) in the same rounds, windows of ${r.seconds} s, the order turned each round; the ratio is paired per round.`,
      '',
      '| signer | signs/s | vs openssl -multi |',
      '|---|---:|---:|',
      `| paysign /node sign(), ${r.inFlight} in flight | ${formatSummary(r.paysign)} | ${ratio(r.ratio)} |`,
      `| openssl speed -multi ${r.cores} rsa4096 | ${formatSummary(r.openssl)} | **floor** |`,
      '',
    );
  }

  if (report.payload) {
    out.push('## Payload encoding (update-recurring-payments)', '');
    if (!report.payload.available) out.push(`Not measured: ${report.payload.reason}.`, '');
    else {
      out.push(
        "`encodePayload(rows, { columns })`: rows → CSV → UTF-8 → Base64, against the platform Base64 (`Buffer#toString('base64')`) of the same bytes.",
        '',
      );
      out.push('| rows | CSV | rows/s | MB/s (CSV) | floor MB/s | vs floor |', '|---:|---:|---:|---:|---:|---:|');
      for (const p of report.payload.points)
        out.push(
          `| ${p.rows.toLocaleString('en')} | ${formatCount(p.csvBytes)}B | ${formatCount(p.rowsPerSecond)} ±${(p.codec.spread * 100).toFixed(1)}% | ${p.megabytesPerSecond.toFixed(1)} | ${p.floorMegabytesPerSecond.toFixed(0)} | ${ratio(p.vsFloor)} |`,
        );
      const mem = report.payload.memory;
      if (mem)
        out.push(
          '',
          `Peak memory added by encoding ${mem.rows.toLocaleString('en')} rows (fresh process, resident-set high-water mark): **${mib(mem.peakBytes)}** for ${mib(mem.outputBytes)} of Base64 output (${(mem.peakBytes / mem.outputBytes).toFixed(1)}x the output).`,
        );
      out.push('');
    }
  }

  if (report.memory) {
    const r = report.memory;
    out.push(
      '## Memory over a long run',
      '',
      `${r.signs.toLocaleString('en')} HMAC-SHA1 signatures with one signer; heap used after a full GC at each tenth of the run${r.gcExposed ? '' : ' (GC not exposed: figures are noisy)'}:`,
      '',
    );
    out.push(`\`${r.heapUsed.map((b) => (b / 2 ** 20).toFixed(2)).join(' → ')}\` MiB`, '');
    out.push(
      `Growth over the run: ${(r.growth / 1024).toFixed(0)} KiB; slope ${r.slopePerThousand.toFixed(1)} bytes per 1,000 signatures: memory is ${Math.abs(r.growth) < 2 ** 20 ? 'flat' : '**not flat**'}.`,
      '',
    );
  }
  return out.join('\n');
}
