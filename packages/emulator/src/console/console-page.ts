import { isPastMaxRepeats, readScheduleRules } from '@paysign/protocol/schedule';
import { maskPan, redactCardData } from '@paysign/protocol';
import { dateOf, epochDayOf, type EmulatorClock } from '../clock/emulator-clock.js';
import type { MerchantRegistry } from '../merchants/merchant-registry.js';
import type { PaymentOwners } from '../merchants/payment-owners.js';
import type { PaymentLife } from '../recurring/payment-life.js';
import type { RecurringEngine } from '../recurring/recurring-engine.js';
import type { ProfileFields, ProfileStore } from '../store/profile-store.js';
import { html } from 'hono/html';
import { type Html, layout } from './html.js';
import type { LoggedRequest, RequestFilter, RequestLog } from './request-log.js';
import { curlOf } from './curl.js';
import { timelineSvg, type TimelinePoint, type TimelineStop } from './timeline-svg.js';

export interface ConsoleState {
  clock: EmulatorClock;
  profiles: ProfileStore;
  owners: PaymentOwners;
  merchants: MerchantRegistry;
  recurring: RecurringEngine;
  requests: RequestLog;
  csrf: string;
}

export interface ConsoleQuery {
  state?: string | undefined;
  /** The request inspector's filters and paging (as GET /emulator/requests, each name prefixed with r). */
  rrefused?: string | undefined;
  roperation?: string | undefined;
  rlogin?: string | undefined;
  rorder?: string | undefined;
  rbefore?: string | undefined;
  q?: string | undefined;
  payment?: string | undefined;
  notice?: string | undefined;
  /** The orders piece (console/order-form.ts), rendered by the route that looked the order up. */
  orders?: Html | undefined;
}

/** A profile's fields as the console shows them: every value masked (PAN 6 + 4), cvv2 never. */
function shownFields(fields: ProfileFields): [string, string][] {
  return Object.entries(fields)
    .filter(([name]) => name !== 'cvv2')
    .map(([name, value]) => [name, name === 'credit-card-number' ? maskPan(value) : redactCardData(value)]);
}

function amountMode(fields: ProfileFields): string {
  if (fields['amount-sequence']) return `sequence ${fields['amount-sequence']}`;
  if (fields['amount-from'] || fields['amount-to']) return `random ${fields['amount-from'] ?? '?'}-${fields['amount-to'] ?? '?'}`;
  return fields.amount ? `fixed ${fields.amount}` : 'none';
}

const form = (csrf: string, action: string, label: string, hidden: Record<string, string> = {}): Html =>
  html`<form class="inline" method="post" action="${action}"><input type="hidden" name="csrf" value="${csrf}">${Object.entries(hidden).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<button type="submit">${label}</button></form>`;

/** Where and why a payment stops: a manual stop, its max repeats, or its finish date. */
function stopPoint(id: string, fields: ProfileFields, life: PaymentLife, today: number): TimelineStop | undefined {
  const manual = life.stoppedOn === undefined ? undefined : epochDayOf(life.stoppedOn);
  if (manual !== undefined) return { day: manual, date: dateOf(manual), reason: `stopped manually (${id})` };
  let rules: ReturnType<typeof readScheduleRules>;
  try {
    rules = readScheduleRules(fields);
  } catch {
    return undefined;
  }
  const lastPlanned = life.upcoming.at(-1);
  const lastDay = lastPlanned ? (epochDayOf(lastPlanned.date) as number) : (epochDayOf(life.charges.at(-1)?.date ?? '') ?? today);
  if (rules.maxRepeatsNumber !== undefined && life.upcoming.length < 12) {
    // The counter after the last planned charge is past max-repeats-number: the charge with index
    // max-repeats-number was the last (the spec, line 52: it is the maximum repeat index).
    const reached = isPastMaxRepeats(rules, life.currentRepeatsNumber + life.upcoming.length);
    if (reached)
      return {
        day: lastDay + 1,
        date: dateOf(lastDay + 1),
        reason: `max repeats ${rules.maxRepeatsNumber} reached: index ${rules.maxRepeatsNumber} was the last charge`,
      };
  }
  if (rules.finishDay !== undefined && life.upcoming.length < 12)
    return { day: rules.finishDay, date: dateOf(rules.finishDay), reason: `finish date ${dateOf(rules.finishDay)}` };
  return undefined;
}

async function paymentSection(state: ConsoleState, id: string): Promise<Html> {
  const profile = await state.profiles.get(id);
  const life = await state.recurring.life(id);
  if (profile === undefined || life === undefined) return html`<section id="payment"><h2>Payment</h2><p>no recurring payment has the id ${id}</p></section>`;
  const points: TimelinePoint[] = [
    ...life.charges.map((c) => ({
      day: epochDayOf(c.date) as number,
      date: c.date,
      amount: c.amount,
      kind: c.status === 'approved' ? ('approved' as const) : ('declined' as const),
    })),
    ...(life.state === 'active'
      ? life.upcoming.map((c) => ({ day: epochDayOf(c.date) as number, date: c.date, amount: c.amount, kind: 'planned' as const }))
      : []),
  ];
  const stop = stopPoint(id, profile.fields, life, state.clock.today());
  const chargeRows = points.map((p) => html`<tr class="${p.kind}"><td>${p.date}</td><td>${p.amount}</td><td>${p.kind}</td></tr>`);
  const callbackRows = life.callbacks.map((delivery) => {
    const charge = life.charges.find((c) => c.orderid === delivery.orderid);
    const sent = charge
      ? `orderid=${charge.orderid} merchant_order=${profile.fields['client-orderid'] ?? ''} amount=${charge.amount} status=${charge.status} type=sale control=(checksum)`
      : `orderid=${delivery.orderid}`;
    const next =
      delivery.state !== 'pending' ? '-' : delivery.nextAttemptAt !== undefined ? `retry at ${delivery.nextAttemptAt.slice(11, 19)} UTC` : 'attempt under way';
    return html`<tr><td>${delivery.orderid}</td><td><code>${delivery.url}</code></td><td>${delivery.attempts}</td><td>${delivery.lastStatus ?? '-'}</td><td>${delivery.state}</td><td>${next}</td><td><code>${redactCardData(sent)}</code></td><td>${form(state.csrf, `/console/payments/${encodeURIComponent(id)}/callbacks/${encodeURIComponent(delivery.orderid)}/resend`, 'Re-send')}</td></tr>`;
  });
  const fields = shownFields(profile.fields).map(([name, value]) => html`<tr><th>${name}</th><td>${value}</td></tr>`);
  return html`<section id="payment"><h2>Payment <code>${id}</code> — <span class="state">${life.state}</span>, repeats ${life.currentRepeatsNumber}</h2>
${life.scheduleProblem ? html`<p class="refused">${life.scheduleProblem}</p>` : ''}
<div id="timeline">${timelineSvg(points, stop)}</div>
<p id="stop-reason">${stop ? `stops ${stop.date}: ${stop.reason}` : life.state === 'active' ? 'no stop in sight' : ''}</p>
<table id="charges"><tr><th>date</th><th>amount</th><th>charge</th></tr>${chargeRows}</table>
<h2>Callbacks</h2>${callbackRows.length > 0 ? html`<table id="callbacks"><tr><th>orderid</th><th>address</th><th>attempts</th><th>last status</th><th>state</th><th>next</th><th>parameters sent</th><th></th></tr>${callbackRows}</table>` : html`<p class="muted">no callback (the payment has no server_callback_url, or nothing was charged)</p>`}
<h2>Fields</h2><table id="fields">${fields}</table></section>`;
}

/**
 * Renders the console: the clock, the merchants, the recurring payments (with a filter), one
 * payment's life, and the request log with why each refused request was refused. Everything a
 * merchant sent is escaped; card numbers are masked, CVVs and keys never shown.
 *
 * @example
 * ```ts
 * const html = await renderConsole(state, { state: 'active' });
 * ```
 */
export async function renderConsole(state: ConsoleState, query: ConsoleQuery): Promise<string> {
  return String(await consolePage(state, query));
}

async function consolePage(state: ConsoleState, query: ConsoleQuery): Promise<Html> {
  const { clock, csrf } = state;
  const today = dateOf(clock.today());
  const clockButtons =
    clock.mode === 'virtual'
      ? [1, 7, 30]
          .map((days) => form(csrf, '/console/clock', days === 1 ? '+1 day' : days === 7 ? '+1 week' : '+1 month (30 days)', { advance: String(days) }))
          .map((button) => html`${button} `)
      : html`<span class="muted">the system clock: days pass for real (start with --clock virtual to move it)</span>`;
  const merchants = state.merchants
    .list()
    .map(
      ({ account }) =>
        html`<tr><td>${account.login}</td><td>${account.endpointIds.join(', ')}</td><td>${account.controlKey ? 'HMAC-SHA1 control key' : ''}${account.controlKey && account.publicKeys?.length ? ', ' : ''}${account.publicKeys?.length ? `${account.publicKeys.length} RSA public key(s)` : ''}</td><td>${account.currency ?? '-'}</td></tr>`,
    );
  const filterState = query.state === 'active' || query.state === 'stop' ? query.state : '';
  const needle = (query.q ?? '').toLowerCase();
  const rows: Html[] = [];
  for (const profile of await state.profiles.list()) {
    const life = await state.recurring.life(profile.id);
    if (life === undefined) continue;
    if (filterState !== '' && life.state !== filterState) continue;
    const owner = state.owners.get(profile.id);
    const ownerText = owner ? `${owner.login}/${owner.endpointId}` : '-';
    if (needle !== '' && !`${profile.id} ${ownerText}`.toLowerCase().includes(needle)) continue;
    const next = life.state === 'active' ? (life.upcoming[0]?.date ?? '-') : '-';
    const link = `/?payment=${encodeURIComponent(profile.id)}#payment`;
    rows.push(
      html`<tr data-id="${profile.id}"><td><a href="${link}">${profile.id}</a></td><td>${ownerText}</td><td class="state">${life.state}</td><td>${redactCardData(amountMode(profile.fields))}</td><td>${next}</td><td>${life.currentRepeatsNumber}</td><td>${life.state === 'active' ? form(csrf, `/console/payments/${encodeURIComponent(profile.id)}/stop`, 'Stop') : ''}</td></tr>`,
    );
  }
  const loginOptions = state.merchants.list().map(({ account }) => html`<option value="${account.login}">${account.login}</option>`);
  const filter = requestFilter(query);
  const { requests: logged, dropped } = state.requests.list(filter);
  const requests = logged.map((r) => requestRow(r));
  const older = logged.length === (filter.limit ?? 50) ? logged.at(-1)?.id : undefined;
  const pageLink = (before: number): string =>
    `/?${new URLSearchParams({ ...Object.fromEntries(Object.entries(query).filter(([name, value]) => name.startsWith('r') && value !== undefined && value !== '') as [string, string][]), rbefore: String(before) })}#requests`;
  const selected = query.payment ? await paymentSection(state, query.payment) : '';
  return layout(
    'paysign emulator console',
    html`<header><strong>paysign emulator</strong><span>today <span id="today">${today}</span> (${clock.mode} clock)</span><a href="/debugger">signature debugger</a></header>
<main>${query.notice ? html`<p id="notice" class="refused">${query.notice}</p>` : ''}
<section id="clock"><h2>Clock</h2><p>Today is <strong>${today}</strong>. ${clockButtons}</p></section>
<section id="merchants"><h2>Merchants</h2><table><tr><th>login</th><th>endpoints</th><th>keys</th><th>currency</th></tr>${merchants}</table></section>
<section id="payments"><h2>Recurring payments</h2>
<form method="get" action="/"><label>state <select name="state"><option value="">any</option><option value="active"${filterState === 'active' ? ' selected' : ''}>active</option><option value="stop"${filterState === 'stop' ? ' selected' : ''}>stop</option></select></label><label>id or merchant <input type="text" name="q" value="${query.q ?? ''}" style="width:200px"></label><button type="submit">Filter</button></form>
<table id="payment-list"><tr><th>id</th><th>merchant</th><th>state</th><th>amount mode</th><th>next charge</th><th>repeats</th><th></th></tr>${rows}</table>
<details id="create"><summary>Create a recurring payment</summary><form method="post" action="/console/payments"><input type="hidden" name="csrf" value="${csrf}">
<table>${[
      ['recurring-payment-id', 'rp-1'],
      ['amount', '10.00'],
      ['period', 'month'],
      ['interval', '1'],
      ['start-date', today],
      ['max-repeats-number', '3'],
      ['finish-date', ''],
      ['client-orderid', ''],
      ['first-name', ''],
      ['credit-card-number', ''],
      ['server_callback_url', ''],
    ].map(
      ([name, value]) =>
        html`<tr><th><label for="f-${name}">${name}</label></th><td><input type="text" id="f-${name}" name="${name}" value="${value}"></td></tr>`,
    )}
<tr><th><label for="f-type">type</label></th><td><select id="f-type" name="type"><option value="auto">auto (a start-date of today is charged today)</option><option value="">none</option><option value="SRC">SRC</option><option value="DST">DST</option></select></td></tr>
<tr><th>merchant</th><td><select name="login"><option value="">none</option>${loginOptions}</select></td></tr></table><button type="submit">Create</button></form></details></section>
${selected}
${query.orders ?? ''}
<section id="requests"><h2>Request inspector</h2><p class="muted">Every request the emulator answered, newest first, masked; for a refused one, the cause as <code>paysign explain</code> states it, diagnosed once in the background.${dropped > 0 ? ` ${dropped} older requests were dropped.` : ''} As JSON: <code>GET /emulator/requests</code>.</p>
<form method="get" action="/#requests"><label><input type="checkbox" name="rrefused" value="1"${query.rrefused === '1' ? ' checked' : ''}> refused only</label><label>operation <input type="text" name="roperation" value="${query.roperation ?? ''}"></label><label>login <input type="text" name="rlogin" value="${query.rlogin ?? ''}"></label><label>order <input type="text" name="rorder" value="${query.rorder ?? ''}"></label><button type="submit">Filter</button></form>
<table id="request-list"><tr><th>id</th><th>time</th><th>method</th><th>path</th><th>status</th><th>why</th></tr>${requests}</table>${older !== undefined ? html`<p><a id="older" href="${pageLink(older)}">older requests</a></p>` : ''}</section></main>
<script src="/console-live.js" defer></script>`,
  );
}

function requestFilter(query: ConsoleQuery): RequestFilter {
  const before = Number(query.rbefore);
  return {
    ...(query.rrefused === '1' && { refused: true }),
    ...(query.roperation && { operation: query.roperation }),
    ...(query.rlogin && { login: query.rlogin }),
    ...(query.rorder && { order: query.rorder }),
    ...(Number.isSafeInteger(before) && before > 0 && { before }),
    limit: 50,
  };
}

// One request: its summary, the cause, and (without script) its masked request and reply, a link
// that opens it in the debugger, and the same as a curl command.
function requestRow(r: LoggedRequest): Html {
  const causes = (r.causes ?? []).map((c) => html`<div class="cause"><code>${c.code}</code> ${c.message}</div>`);
  const pending =
    r.diagnosis === 'pending'
      ? html`<div class="muted">diagnosing…</div>`
      : r.diagnosis === 'skipped'
        ? html`<div class="muted">not diagnosed: the body is too large; use paysign explain --request</div>`
        : '';
  const debug = `/debugger?${new URLSearchParams({ method: r.request.method, url: r.request.url, authorization: r.request.headers.authorization ?? '', body: r.request.body, entry: String(r.id) })}`;
  const shownRequest = `${r.request.method} ${r.request.url}\n${Object.entries(r.request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')}\n\n${r.request.body}`;
  const detail = html`<details><summary>request and reply</summary><pre>${shownRequest}</pre><pre>${`${r.reply.status}\n${r.reply.body}`}</pre>${
    r.expectedBaseString ? html`<p>expected base string</p><pre>${r.expectedBaseString}</pre>` : ''
  }<p><a href="${debug}">open in debugger</a></p><p>as curl</p><pre class="curl">${curlOf(r.request)}</pre></details>`;
  return html`<tr id="request-${r.id}" class="${r.status >= 400 ? 'refused' : ''}"><td>${r.id}</td><td>${r.at.slice(11, 19)}</td><td>${r.method}</td><td><code>${r.path}</code></td><td>${r.status}</td><td>${causes}${pending}${detail}</td></tr>`;
}
