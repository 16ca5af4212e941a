// `node bench/src/suites/table-chart.mjs RESULTS.md OUT.svg "title" COLUMN`: a horizontal bar chart
// of one numeric column of the markdown tables written by bench:server or bench:bulk (each row's
// first cells name the bar). Used for bench/results/*.svg; the markdown stays the record.
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output, title = '', column = 'requests/s'] = process.argv.slice(2);
const lines = readFileSync(input, 'utf8').split('\n');
const bars = [];
let header;
for (const line of lines) {
  if (!line.startsWith('|')) {
    header = undefined;
    continue;
  }
  const cells = line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
  if (header === undefined) {
    header = cells;
    continue;
  }
  if (cells.every((cell) => /^-+:?$/.test(cell))) continue;
  const at = header.indexOf(column);
  const value = Number(cells[at]);
  if (at < 0 || !Number.isFinite(value)) continue;
  const label = cells
    .slice(0, at)
    .filter((cell) => cell !== '')
    .join(', ');
  bars.push({ label, value });
}
const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const max = Math.max(...bars.map((bar) => bar.value), 1);
const rowHeight = 18;
const labelWidth = 430;
const barWidth = 360;
const height = 40 + bars.length * rowHeight;
const svg = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + barWidth + 80}" height="${height}" font-family="sans-serif" font-size="11">`,
  `<text x="8" y="18" font-size="13" font-weight="bold">${xml(title)}</text>`,
  ...bars.map((bar, n) => {
    const y = 30 + n * rowHeight;
    const width = Math.max(1, (bar.value / max) * barWidth);
    const fill = bar.label.includes('floor') ? '#999' : '#3b6ea5';
    return `<text x="${labelWidth - 6}" y="${y + 12}" text-anchor="end">${xml(bar.label)}</text><rect x="${labelWidth}" y="${y + 2}" width="${width.toFixed(1)}" height="${rowHeight - 5}" fill="${fill}"/><text x="${labelWidth + width + 4}" y="${y + 12}">${bar.value}</text>`;
  }),
  '</svg>',
].join('\n');
writeFileSync(output, `${svg}\n`);
