import { html } from 'hono/html';
import type { Html } from './html.js';

/** A point of a payment's life: a charge made, or one the schedule will make. */
export interface TimelinePoint {
  day: number;
  date: string;
  amount: string;
  kind: 'approved' | 'declined' | 'planned';
}

/** Where the payment stops and why, if it does. */
export interface TimelineStop {
  day: number;
  date: string;
  reason: string;
}

const WIDTH = 760;
const HEIGHT = 170;
const LEFT = 40;
const RIGHT = 30;
const BASE = 130;
const TOP = 25;
const COLOURS = { approved: '#17803d', declined: '#b42318', planned: '#98a2b3' };

/** The amount a point is drawn at: a fixed amount, or the middle of a random range (`from-to`). */
function numeric(amount: string): number {
  const parts = amount.split('-').map(Number);
  const value = parts.length === 2 ? ((parts[0] as number) + (parts[1] as number)) / 2 : (parts[0] as number);
  return Number.isFinite(value) ? value : 0;
}

/**
 * One payment's life as an SVG: its charges by date (x) and amount (bar height), approved in green,
 * declined in red, the previewed future charges in grey outline, and the stop point with its reason.
 * Every text is escaped (`hono/html`).
 *
 * @example
 * ```ts
 * timelineSvg([{ day: 20000, date: '04.10.2024', amount: '10.00', kind: 'approved' }], { day: 20030, date: '03.11.2024', reason: 'max repeats 1' });
 * ```
 */
export function timelineSvg(points: readonly TimelinePoint[], stop: TimelineStop | undefined): Html {
  const days = [...points.map((p) => p.day), ...(stop ? [stop.day] : [])];
  if (days.length === 0) return html`<p class="muted">no charge made or planned</p>`;
  const first = Math.min(...days);
  const span = Math.max(Math.max(...days) - first, 1);
  const x = (day: number): string => (LEFT + ((day - first) / span) * (WIDTH - LEFT - RIGHT)).toFixed(1);
  const top = Math.max(...points.map((p) => numeric(p.amount)), 1);
  const charge = (point: TimelinePoint): Html => {
    const height = Math.max(4, (numeric(point.amount) / top) * (BASE - TOP));
    const colour = COLOURS[point.kind];
    const fill = point.kind === 'planned' ? 'none' : colour;
    const dash = point.kind === 'planned' ? '3 2' : 'none';
    return html`<g class="charge ${point.kind}"><title>${point.date} ${point.amount} ${point.kind}</title><rect x="${(Number(x(point.day)) - 5).toFixed(1)}" y="${(BASE - height).toFixed(1)}" width="10" height="${height.toFixed(1)}" fill="${fill}" stroke="${colour}" stroke-dasharray="${dash}"/><text x="${x(point.day)}" y="${(BASE - height - 4).toFixed(1)}" font-size="10" text-anchor="middle" fill="${colour}">${point.amount}</text><text x="${x(point.day)}" y="${BASE + 14}" font-size="9" text-anchor="middle" fill="#667085">${point.date.slice(0, 5)}</text></g>`;
  };
  const stopMark = (at: TimelineStop): Html =>
    html`<g class="stop"><title>stop ${at.date}: ${at.reason}</title><line x1="${x(at.day)}" y1="${TOP - 10}" x2="${x(at.day)}" y2="${BASE}" stroke="#b42318" stroke-width="2"/><text x="${x(at.day)}" y="${TOP - 12}" font-size="11" fill="#b42318" text-anchor="${Number(x(at.day)) > WIDTH / 2 ? 'end' : 'start'}">stop ${at.date}: ${at.reason}</text></g>`;
  return html`<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="charges timeline" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}"><line x1="${LEFT}" y1="${BASE}" x2="${WIDTH - RIGHT}" y2="${BASE}" stroke="#667085"/><text x="${LEFT}" y="${BASE + 30}" font-size="11" fill="#667085">${points[0]?.date ?? stop?.date ?? ''}</text>${points.map(charge)}${stop === undefined ? '' : stopMark(stop)}</svg>`;
}
