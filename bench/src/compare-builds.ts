// `pnpm --filter @paysign/bench compare -- <dist-a> <dist-b>`: two builds of oauth-core (two
// `packages/oauth-core/dist` folders, such as main's and a branch's) signing the spec's requests
// with HMAC-SHA1 through `/node` (`signSync`), in the same interleaved rounds as the peers, so that
// "before" and "after" are measured in the same conditions. Prints, per request, the median of
// the per-round ratios b/a and each build against each peer. Not part of `pnpm bench`.
// Samples are timed on this process's CPU clock (user + system), not the wall clock: on a machine
// shared with other jobs a sample then counts only the time this process ran.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { figures, measureInterleaved, type BenchCase } from './harness/measure.js';
import { createProgress } from './harness/progress.js';
import { formatRatio, pairedRatios, summarize } from './harness/stats.js';
import { specRequests } from './fixtures/requests.js';
import { oauth10aCase, oauthSignCase } from './signers/peers.js';
import { signerOptions } from './signers/paysign.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const quick = args.includes('--quick');
const [distA, distB] = args.filter((arg) => !arg.startsWith('--'));
if (distA === undefined || distB === undefined) throw new Error('usage: compare-builds <dist-a> <dist-b> [--quick]');
type NodeEntry = typeof import('@paysign/oauth-core/node');
const load = async (dist: string) => (await import(pathToFileURL(resolve(dist, 'node.js')).href)) as NodeEntry;
const builds = { a: await load(distA), b: await load(distB) };

function cpuMilliseconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

const progress = createProgress(process.stderr);
const lines: string[] = [];
for (const request of specRequests()) {
  const spec = { algorithm: 'HMAC-SHA1' as const, request };
  const cases: BenchCase[] = [];
  for (const [id, entry] of Object.entries(builds)) {
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
  cases.push(oauth10aCase(spec, '', noCheck), oauthSignCase(spec, noCheck));
  progress.step(`HMAC-SHA1 ${request.id}: build a, build b, oauth-1.0a, oauth-sign`);
  const samples = await measureInterleaved(cases, {
    rounds: quick ? 5 : 15,
    sampleMs: quick ? 40 : 100,
    now: cpuMilliseconds,
    onSample: (event) => progress.update(event.done, event.total, event.caseId),
  });
  progress.finish();
  const ratio = (x: string, y: string) => formatRatio(summarize(pairedRatios(samples[x]!, samples[y]!)).median);
  const result = figures(samples);
  lines.push(
    `${request.id.padEnd(32)} b/a ${ratio('b', 'a').padStart(6)}  ` +
      `a vs peers ${ratio('a', 'peer:oauth-1.0a')} / ${ratio('a', 'peer:oauth-sign')}  ` +
      `b vs peers ${ratio('b', 'peer:oauth-1.0a')} / ${ratio('b', 'peer:oauth-sign')}  ` +
      `(b ${Math.round(result.b!.opsPerSecond.median)}/s)`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
