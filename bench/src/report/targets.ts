// The targets, evaluated from one run's figures. Every ratio is paired within the run.
import { pairedRatios, summarize, type Summary } from '../harness/stats.js';
import type { GroupResult } from '../signers/matrix.js';
import type { BenchReport } from './types.js';

export interface TargetCheck {
  target: string;
  /** The figure reached, as a summary of paired ratios; absent when not measured in this run. */
  reached?: Summary;
  goal: number;
  met?: boolean;
}

function group(report: BenchReport, runtime: string, algorithm: string, requestId: string): GroupResult | undefined {
  return report.signing.find((g) => g.runtime === runtime && g.algorithm === algorithm && g.requestId === requestId);
}

/** Paired ratio of two cases of a group (`subject / reference`), per round. */
export function caseRatio(g: GroupResult, subjectId: string, referenceId: string): Summary | undefined {
  const subject = g.cases.find((c) => c.id === subjectId);
  const reference = g.cases.find((c) => c.id === referenceId);
  return subject && reference ? summarize(pairedRatios(subject.samples, reference.samples)) : undefined;
}

function check(target: string, reached: Summary | undefined, goal: number): TargetCheck {
  return reached === undefined ? { target, goal } : { target, reached, goal, met: reached.median >= goal };
}

/**
 * The targets, for the 15-parameter transfer request. Issue #34: HMAC-SHA1 on the host Node
 * >= 0.3x the createHmac floor and >= 3x oauth-1.0a (and oauth-sign, shown beside it), >= 1.5x
 * each peer on Deno and on Bun; RSA-SHA256 4096 with 8 `sign()` in flight >= 0.85x of `openssl
 * speed -multi <cores>`. Issues 2 and 7: RSA-SHA256 >= 0.9x the prepared-key floor and >= 1.8x
 * from one worker thread to two.
 *
 * @example
 * ```ts
 * for (const t of evaluateTargets(report)) console.log(t.target, t.met);
 * ```
 */
export function evaluateTargets(report: BenchReport, requestId = 'transfer'): TargetCheck[] {
  const host = report.machine.host;
  const checks: TargetCheck[] = [];
  const hmac = group(report, host, 'HMAC-SHA1', requestId);
  if (hmac) {
    const auto = `paysign:${hmac.auto}`;
    checks.push(check(`HMAC-SHA1 on ${host}: paysign (${hmac.auto}) vs raw createHmac floor`, caseRatio(hmac, auto, 'floor:node-crypto'), 0.3));
    for (const peer of hmac.cases.filter((c) => c.kind === 'peer')) {
      checks.push(check(`HMAC-SHA1 on ${host}: paysign (${hmac.auto}) vs ${peer.label}`, caseRatio(hmac, auto, peer.id), 3));
    }
  }
  for (const runtime of ['deno', 'bun']) {
    const other = report.signing.find((g) => g.runtime.startsWith(`${runtime} `) && g.algorithm === 'HMAC-SHA1' && g.requestId === requestId);
    if (!other) continue;
    const auto = `paysign:${other.auto}`;
    for (const peer of other.cases.filter((c) => c.kind === 'peer')) {
      checks.push(check(`HMAC-SHA1 on ${other.runtime}: paysign (${other.auto}) vs ${peer.label}`, caseRatio(other, auto, peer.id), 1.5));
    }
  }
  const rsa = group(report, host, 'RSA-SHA256', requestId);
  if (rsa) {
    checks.push(
      check(
        `RSA-SHA256 on ${host}: paysign (${rsa.auto}) vs crypto.sign with a prepared KeyObject`,
        caseRatio(rsa, `paysign:${rsa.auto}`, 'floor:node-crypto'),
        0.9,
      ),
    );
  }
  const inFlight = report.rsaInFlight;
  if (inFlight) {
    checks.push(
      check(`RSA-SHA256 4096, ${inFlight.inFlight} in flight (/node sign()) vs openssl speed -multi ${inFlight.cores} rsa4096`, inFlight.ratio, 0.85),
    );
  }
  const two = report.concurrency?.workerThreads.find((p) => p.parallelism === 2);
  if (report.concurrency) checks.push(check('RSA-SHA256 throughput, two worker threads vs one', two?.scaling, 1.8));
  return checks;
}

export interface AutoChoice {
  runtime: string;
  algorithm: string;
  requestId: string;
  auto: string;
  fastest: string;
  /** Paired ratio of the automatic choice to the fastest adapter (1 when it is the fastest). */
  autoVsFastest: Summary;
}

/**
 * For each group: the adapter the automatic entry picked, and the fastest oauth-core adapter measured.
 *
 * @example
 * ```ts
 * autoChoices(report).filter((c) => c.auto !== c.fastest);
 * ```
 */
export function autoChoices(report: BenchReport): AutoChoice[] {
  const choices: AutoChoice[] = [];
  for (const g of report.signing) {
    const adapters = g.cases.filter((c) => c.kind === 'paysign');
    if (adapters.length === 0) continue;
    const fastest = adapters.reduce((best, c) => (c.opsPerSecond.median > best.opsPerSecond.median ? c : best));
    const ratio = caseRatio(g, `paysign:${g.auto}`, fastest.id);
    if (ratio === undefined) continue;
    choices.push({
      runtime: g.runtime,
      algorithm: g.algorithm,
      requestId: g.requestId,
      auto: g.auto,
      fastest: fastest.id.slice('paysign:'.length),
      autoVsFastest: ratio,
    });
  }
  return choices;
}

export interface PeerStanding {
  runtime: string;
  algorithm: string;
  requestId: string;
  auto: string;
  /** The peer with the highest median rate in the group. */
  bestPeer: string;
  /** Paired ratio of the automatic choice to that peer: above 1 when paysign is faster. */
  autoVsBestPeer: Summary;
  /** `no` when paysign is at least as fast, `within noise` when the peer's lead is inside the IQR, `yes` otherwise. */
  peerFaster: 'no' | 'within noise' | 'yes';
}

/**
 * For each group with peers: paysign's automatic choice against the fastest peer, paired per round.
 * Issue #23's bar is that no runtime has a row where a peer is faster.
 *
 * @example
 * ```ts
 * peerStandings(report).filter((s) => s.peerFaster === 'yes'); // [] when no peer wins anywhere
 * ```
 */
export function peerStandings(report: BenchReport): PeerStanding[] {
  const standings: PeerStanding[] = [];
  for (const g of report.signing) {
    const peers = g.cases.filter((c) => c.kind === 'peer');
    if (peers.length === 0) continue;
    const best = peers.reduce((top, c) => (c.opsPerSecond.median > top.opsPerSecond.median ? c : top));
    const ratio = caseRatio(g, `paysign:${g.auto}`, best.id);
    if (ratio === undefined) continue;
    const peerFaster = ratio.median >= 1 ? 'no' : ratio.high >= 1 ? 'within noise' : 'yes';
    standings.push({
      runtime: g.runtime,
      algorithm: g.algorithm,
      requestId: g.requestId,
      auto: g.auto,
      bestPeer: best.label,
      autoVsBestPeer: ratio,
      peerFaster,
    });
  }
  return standings;
}
