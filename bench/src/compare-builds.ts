// `pnpm --filter @paysign/bench compare -- <dist-a> <dist-b> [<dist-c> ...]`: several builds of
// oauth-core (each a folder holding its `node.js` entry: `packages/oauth-core/dist`, main's copied
// aside, or a variant bundled from another checkout) signing the spec's requests with HMAC-SHA1
// through `/node` (`signSync`), in the same interleaved rounds as the peers and the `createHmac`
// floor, so that "before" and "after" are measured in the same conditions. Prints, per request,
// each build's rate, its ratio to the first build, to the floor and to each peer (medians of the
// per-round ratios, with the interquartile range). Not part of `pnpm bench`.
// Samples are timed on this process's CPU clock (user + system), not the wall clock: on a machine
// shared with other jobs a sample then counts only the time this process ran.
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { specRequests } from './fixtures/requests.js';
import { figures, measureInterleaved, type BenchCase } from './harness/measure.js';
import { createProgress } from './harness/progress.js';
import { formatRatio, pairedRatios, summarize } from './harness/stats.js';
import { floorCase } from './signers/floors.js';
import { signerOptions } from './signers/paysign.js';
import { oauth10aCase, oauthSignCase } from './signers/peers.js';
import { nodeCryptoPrimitives } from './signers/primitives-node.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const option = (name: string, fallback: number) => Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const quick = args.includes('--quick');
const rounds = option('rounds', quick ? 5 : 15);
const sampleMs = option('sample-ms', quick ? 40 : 100);
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const dists = args.filter((arg) => !arg.startsWith('--'));
if (dists.length < 2) throw new Error('usage: compare-builds <dist-a> <dist-b> [<dist-c> ...] [--quick] [--rounds=N] [--sample-ms=N] [--only=request-id,...]');
type NodeEntry = typeof import('@paysign/oauth-core/node');
const builds: [string, NodeEntry][] = [];
for (const dist of dists) {
  let id = basename(resolve(dist));
  while (builds.some(([taken]) => taken === id)) id = `${id}'`;
  builds.push([id, (await import(pathToFileURL(resolve(dist, 'node.js')).href)) as NodeEntry]);
}
const [first] = builds[0]!;

function cpuMilliseconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

const progress = createProgress(process.stderr);
const lines: string[] = [
  `${rounds} rounds of ${sampleMs} ms (CPU clock), Node ${process.versions.node}; medians of the per-round ratios (IQR)`,
  `builds: ${builds.map(([id], i) => `${id} = ${resolve(dists[i]!)}`).join(', ')}`,
];
for (const request of specRequests()) {
  if (only !== undefined && !only.includes(request.id)) continue;
  const spec = { algorithm: 'HMAC-SHA1' as const, request };
  const cases: BenchCase[] = [];
  for (const [id, entry] of builds) {
    const signer = entry.createSigner(signerOptions(spec, ''));
    const input = { url: request.url, params: request.params };
    let sink = '';
    cases.push({
      id,
      run: (n) => {
        for (let i = 0; i < n; i++) sink = signer.signSync(input).authorization;
        if (sink === '') throw new Error('empty header');
      },
    });
  }
  // The peers' own checks need a floor; only their timing is wanted here.
  const noCheck = async () => '';
  const floor = await floorCase(nodeCryptoPrimitives, spec, '');
  cases.push(floor, oauth10aCase(spec, '', noCheck), oauthSignCase(spec, noCheck));
  progress.step(`HMAC-SHA1 ${request.id}: ${builds.map(([id]) => id).join(', ')}, floor, oauth-1.0a, oauth-sign`);
  const samples = await measureInterleaved(cases, {
    rounds,
    sampleMs,
    now: cpuMilliseconds,
    onSample: (event) => progress.update(event.done, event.total, event.caseId),
  });
  progress.finish();
  const ratio = (x: string, y: string) => {
    const summary = summarize(pairedRatios(samples[x]!, samples[y]!));
    return `${formatRatio(summary.median)} (${formatRatio(summary.low)}–${formatRatio(summary.high)})`;
  };
  const result = figures(samples);
  lines.push(`\n${request.id}: floor ${Math.round(result[floor.id]!.opsPerSecond.median)}/s`);
  for (const [id] of builds) {
    lines.push(
      `  ${id.padEnd(14)} ${String(Math.round(result[id]!.opsPerSecond.median)).padStart(7)}/s` +
        `  /${first} ${id === first ? '1.00x'.padEnd(21) : ratio(id, first).padEnd(21)}` +
        `  vs floor ${ratio(id, floor.id).padEnd(21)}` +
        `  vs oauth-1.0a ${ratio(id, 'peer:oauth-1.0a').padEnd(21)}  vs oauth-sign ${ratio(id, 'peer:oauth-sign')}`,
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
