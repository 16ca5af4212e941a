// signs-per-second.svg: horizontal bars of full-signing throughput per runtime, adapter and peer,
// on a log scale (RSA spans from ~1/s in pure JS to hundreds per second), with each runtime's floor
// marked. The label column is as wide as its longest label, so no label is clipped.
import { formatCount } from '../harness/stats.js';
import type { GroupResult } from '../signers/matrix.js';

const ROW = 18;
const PLOT = 480;
const RIGHT = 110;
// A generous width per character of the 11 px sans-serif labels (wide glyphs such as "w" and "m").
const CHAR = 6.6;

/** The label of a bar: runtime, then the paysign adapter (auto marked) or the peer. */
function barLabel(group: GroupResult, c: GroupResult['cases'][number]): string {
  if (c.kind === 'peer') return `${group.runtime} · ${c.id.replace(/^peer:/, '')}`;
  const name = c.id.slice('paysign:'.length);
  return `${group.runtime} · paysign ${name}${name === group.auto ? ' (auto)' : ''}`;
}

/** The width of the label column for these groups. */
function labelWidth(groups: readonly GroupResult[]): number {
  const longest = Math.max(0, ...groups.flatMap((g) => g.cases.filter((c) => c.kind !== 'floor').map((c) => barLabel(g, c).length)));
  return Math.ceil(longest * CHAR) + 16;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function panel(title: string, groups: readonly GroupResult[], top: number, left: number): { svg: string; height: number } {
  const values = groups.flatMap((g) => g.cases.map((c) => c.opsPerSecond.median));
  const min = 10 ** Math.floor(Math.log10(Math.max(Math.min(...values), 0.1)));
  const max = 10 ** Math.ceil(Math.log10(Math.max(...values)));
  const x = (v: number) => left + (Math.log10(Math.max(v, min) / min) / Math.log10(max / min)) * PLOT;
  const parts: string[] = [`<text x="10" y="${top + 14}" class="title">${escapeXml(title)}</text>`];
  let y = top + 30;
  const axisTop = y;
  for (const g of groups) {
    const bars = [...g.cases.filter((c) => c.kind === 'paysign'), ...g.cases.filter((c) => c.kind === 'peer')];
    const floor = g.cases.find((c) => c.id === g.floorId)!;
    const blockTop = y;
    for (const c of bars) {
      const auto = c.kind === 'paysign' && c.id.slice('paysign:'.length) === g.auto;
      parts.push(
        `<text x="${left - 6}" y="${y + 12}" text-anchor="end">${escapeXml(barLabel(g, c))}</text>`,
        `<rect x="${left}" y="${y + 2}" width="${(x(c.opsPerSecond.median) - left).toFixed(1)}" height="${ROW - 5}" class="${c.kind === 'peer' ? 'peer' : auto ? 'auto' : 'bar'}"/>`,
        `<text x="${(x(c.opsPerSecond.median) + 4).toFixed(1)}" y="${y + 12}" class="value">${formatCount(c.opsPerSecond.median)}/s · ${c.vsFloor.median.toFixed(2)}x</text>`,
      );
      y += ROW;
    }
    const fx = x(floor.opsPerSecond.median).toFixed(1);
    parts.push(
      `<line x1="${fx}" x2="${fx}" y1="${blockTop}" y2="${y}" class="floor"/>`,
      `<text x="${fx}" y="${blockTop - 1}" class="floorlabel" text-anchor="middle">floor ${formatCount(floor.opsPerSecond.median)}/s</text>`,
    );
    y += 14;
  }
  for (let tick = min; tick <= max; tick *= 10) {
    const tx = x(tick).toFixed(1);
    parts.push(
      `<line x1="${tx}" x2="${tx}" y1="${axisTop - 6}" y2="${y - 10}" class="grid"/>`,
      `<text x="${tx}" y="${y + 2}" class="axis" text-anchor="middle">${formatCount(tick)}</text>`,
    );
  }
  return { svg: parts.join('\n'), height: y + 14 - top };
}

/**
 * Renders the signs/s chart for one request: one panel per algorithm, one bar per runtime and
 * adapter and per peer on that runtime, the automatic choice highlighted and the floor drawn as a dashed mark.
 *
 * @example
 * ```ts
 * writeFileSync('results/signs-per-second.svg', renderSvg(report.signing, 'transfer'));
 * ```
 */
export function renderSvg(groups: readonly GroupResult[], requestId: string): string {
  let top = 10;
  const left = labelWidth(groups.filter((g) => g.requestId === requestId));
  const WIDTH = left + PLOT + RIGHT;
  const panels: string[] = [];
  for (const algorithm of ['HMAC-SHA1', 'RSA-SHA256']) {
    const selected = groups.filter((g) => g.algorithm === algorithm && g.requestId === requestId);
    if (selected.length === 0) continue;
    const title = `${algorithm}: ${selected[0]!.requestTitle}, full signing (signs/s, log scale; ratio to the runtime's floor)`;
    const { svg, height } = panel(title, selected, top, left);
    panels.push(svg);
    top += height + 10;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${top}" viewBox="0 0 ${WIDTH} ${top}" font-family="system-ui, sans-serif" font-size="11">`,
    '<style>.title{font-weight:600;font-size:12px}.bar{fill:#8fa8c8}.peer{fill:#c9b38a}.auto{fill:#2f6db5}.value{fill:#333}.floor{stroke:#c0392b;stroke-width:2;stroke-dasharray:4 2}.floorlabel{fill:#c0392b;font-size:9px}.grid{stroke:#ddd}.axis{fill:#777;font-size:9px}</style>',
    `<rect width="${WIDTH}" height="${top}" fill="#fff"/>`,
    ...panels,
    '</svg>',
    '',
  ].join('\n');
}
