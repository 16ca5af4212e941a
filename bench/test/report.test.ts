import { describe, expect, it } from 'vitest';
import { summarize } from '../src/harness/stats.js';
import { renderMarkdown } from '../src/report/markdown.js';
import { renderSvg } from '../src/report/svg.js';
import { autoChoices, evaluateTargets, peerStandings } from '../src/report/targets.js';
import type { BenchReport } from '../src/report/types.js';
import type { CaseResult, GroupResult } from '../src/signers/matrix.js';

function result(id: string, kind: CaseResult['kind'], samples: number[], floor: number[]): CaseResult {
  return { id, kind, label: id, samples, opsPerSecond: summarize(samples), vsFloor: summarize(samples.map((s, i) => s / floor[i]!)) };
}

const floor = [100_000, 90_000, 110_000];
const group: GroupResult = {
  runtime: 'node 20.0.0',
  algorithm: 'HMAC-SHA1',
  requestId: 'transfer',
  requestTitle: 'transfer, 15 parameters',
  floorId: 'floor:node-crypto',
  auto: 'node',
  cases: [
    result('floor:node-crypto', 'floor', floor, floor),
    result('paysign:node', 'paysign', [60_000, 54_000, 66_000], floor),
    result('paysign:js', 'paysign', [70_000, 63_000, 77_000], floor),
    result('peer:oauth-sign', 'peer', [10_000, 9_000, 11_000], floor),
  ],
};
const report: BenchReport = {
  generatedAt: '2026-01-01T00:00:00.000Z',
  quick: false,
  rounds: 3,
  sampleMs: 100,
  machine: { cpu: 'Test CPU', cores: 2, loadBefore: [0, 0, 0], loadAfter: [0, 0, 0], host: 'node 20.0.0' },
  signing: [group],
  skippedRuntimes: [{ runtime: 'deno', reason: 'not installed' }],
};

describe('reports', () => {
  it('evaluates the targets from paired ratios', () => {
    const [vsFloor, vsPeer] = evaluateTargets(report);
    expect(vsFloor!.reached!.median).toBeCloseTo(0.6, 12);
    expect(vsFloor!.met).toBe(true);
    expect(vsPeer!.reached!.median).toBeCloseTo(6, 12);
    expect(vsPeer!.met).toBe(true);
  });

  it("checks issue #34's rows: 1.5x each peer on Deno and Bun, and RSA in flight against openssl -multi", () => {
    const deno: GroupResult = { ...group, runtime: 'deno 2.9.6' };
    const bun: GroupResult = {
      ...group,
      runtime: 'bun 1.4.5',
      cases: [...group.cases.filter((c) => c.kind !== 'peer'), result('peer:oauth-sign', 'peer', [50_000, 45_000, 55_000], floor)],
    };
    const rsaInFlight = {
      cores: 2,
      inFlight: 8,
      seconds: 3,
      opensslVersion: 'OpenSSL 3',
      threadPoolSize: 4,
      paysign: summarize([440, 450, 460]),
      openssl: summarize([500, 500, 500]),
      ratio: summarize([0.88, 0.9, 0.92]),
    };
    const targets = evaluateTargets({ ...report, signing: [group, deno, bun], rsaInFlight });
    const byName = (prefix: string) => targets.find((t) => t.target.startsWith(prefix))!;
    expect(byName('HMAC-SHA1 on deno 2.9.6').met).toBe(true);
    expect(byName('HMAC-SHA1 on bun 1.4.5').reached!.median).toBeCloseTo(1.2, 12);
    expect(byName('HMAC-SHA1 on bun 1.4.5').met).toBe(false);
    expect(byName('RSA-SHA256 4096, 8 in flight')).toMatchObject({ goal: 0.85, met: true });
    const markdown = renderMarkdown({ ...report, rsaInFlight });
    expect(markdown).toContain('## RSA-SHA256 4096, 8 in flight');
    expect(markdown).toMatch(/\| paysign \/node sign\(\), 8 in flight \| 450 .*\| 0\.90x \(0\.89x–0\.91x\) \|/);
  });

  it('says when the automatic adapter is not the fastest', () => {
    const [choice] = autoChoices(report);
    expect(choice).toMatchObject({ auto: 'node', fastest: 'js' });
    expect(choice!.autoVsFastest.median).toBeCloseTo(60 / 70, 12);
    expect(renderMarkdown(report)).toMatch(/\| node \| js \| 0\.86x .*\| \*\*no\*\* \|/);
  });

  it('sets the automatic choice against the fastest peer, and says when a peer wins', () => {
    const [standing] = peerStandings(report);
    expect(standing).toMatchObject({ auto: 'node', bestPeer: 'peer:oauth-sign', peerFaster: 'no' });
    expect(standing!.autoVsBestPeer.median).toBeCloseTo(6, 12);
    const slow: GroupResult = {
      ...group,
      cases: [...group.cases.filter((c) => c.kind !== 'peer'), result('peer:fast', 'peer', [90_000, 81_000, 99_000], floor)],
    };
    const [lost] = peerStandings({ ...report, signing: [slow] });
    expect(lost).toMatchObject({ bestPeer: 'peer:fast', peerFaster: 'yes' });
    expect(renderMarkdown({ ...report, signing: [slow] })).toMatch(/\| peer:fast \| 0\.67x .*\| \*\*yes\*\* \|/);
  });

  it('writes the Markdown tables with the floor marked and skipped runtimes named', () => {
    const markdown = renderMarkdown(report);
    expect(markdown).toContain('| floor:node-crypto | 100k/s');
    expect(markdown).toContain('**floor**');
    expect(markdown).toContain('- deno: not installed');
  });

  it('draws one bar per adapter and a floor mark per runtime', () => {
    const svg = renderSvg(report.signing, 'transfer');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<rect [^>]*class="(bar|auto)"/g)).toHaveLength(2);
    expect(svg.match(/class="floor"/g)).toHaveLength(1);
    expect(svg).toContain('node 20.0.0 · paysign node (auto)');
  });

  it('draws the peers beside paysign on every runtime, not only on the host', () => {
    const workerd: GroupResult = {
      ...group,
      runtime: 'workerd 2026-11-17',
      floorId: 'floor:webcrypto',
      auto: 'webcrypto',
      cases: [
        result('floor:webcrypto', 'floor', floor, floor),
        result('paysign:webcrypto', 'paysign', [60_000, 54_000, 66_000], floor),
        result('peer:oauth-1.0a', 'peer', [10_000, 9_000, 11_000], floor),
      ],
    };
    const svg = renderSvg([group, workerd], 'transfer');
    expect(svg).toContain('node 20.0.0 · oauth-sign');
    expect(svg).toContain('workerd 2026-11-17 · oauth-1.0a');
    expect(svg.match(/<rect [^>]*class="peer"/g)).toHaveLength(2);
  });

  it('leaves room for the longest label: no label starts left of the image', () => {
    const long: GroupResult = {
      ...group,
      runtime: 'workerd 2026-11-17 with a long build name',
      auto: 'webcrypto',
      cases: [
        result('floor:node-crypto', 'floor', floor, floor),
        result('paysign:webcrypto', 'paysign', [60_000, 54_000, 66_000], floor),
        result('peer:mastercard-oauth1-signer', 'peer', [10_000, 9_000, 11_000], floor),
      ],
    };
    const svg = renderSvg([group, long], 'transfer');
    // Right-aligned labels end at x; at 6.6 px a character (wider than the mean of the font), each must start at x >= 0.
    for (const [, x, text] of svg.matchAll(/<text x="([\d.]+)" y="[\d.]+" text-anchor="end">([^<]+)<\/text>/g)) {
      expect(Number(x) - text!.replace(/&amp;/g, '&').length * 6.6).toBeGreaterThanOrEqual(0);
    }
  });
});
