import { fromEpochDay, toEpochDay } from '@paysign/protocol';
import type { Context, Hono } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { ActionResult, AdminActions } from '../admin/admin-actions.js';
import { adminHostAllowed } from '../admin/host-check.js';
import { adminAllowed, type AdminAccess } from '../admin/loopback.js';
import { debuggerPage } from '../debugger/debugger-page.js';
import { DEBUGGER_SCRIPT_HASH } from '../debugger/debugger-bundle.generated.js';
import { readCappedBody } from '../request/read-body.js';
import { type ConsoleState, renderConsole } from './console-page.js';
import { sameToken } from './csrf.js';
import { consoleSecurity } from './html.js';
import { addInspectorRoutes } from './inspector-routes.js';
import { LIVE_UPDATES_SCRIPT } from './live-updates.js';
import { orderSection } from './order-form.js';

/** How many of the newest orders the console lists. */
const ORDERS_SHOWN = 50;

/** The same day of the next calendar month, or its last day when it is shorter. */
function monthAhead(day: number): number {
  const { year, month, day: date } = fromEpochDay(day);
  const first = (y: number, m: number): number => (m > 12 ? toEpochDay({ year: y + 1, month: m - 12, day: 1 }) : toEpochDay({ year: y, month: m, day: 1 }));
  // The next month's first day, plus the day of the month, but not past that month's last day.
  return Math.min(first(year, month + 1) + date - 1, first(year, month + 2) - 1);
}

export interface ConsoleRouteOptions extends ConsoleState {
  access: AdminAccess;
  publicOrigin: string | undefined;
  /** The admin actions: the console's forms call them directly, as the admin API's routes do. */
  actions: AdminActions;
}

const text = (status: number, message: string): Response =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });

const back = (to: string): Response => new Response(null, { status: 303, headers: { Location: to, 'Cache-Control': 'no-store' } });

/** Where an action leads: back to the page, with the action's reason when it was refused. */
function after(result: ActionResult<unknown>, to: string, refusedTo = to): Response {
  if (result.ok) return back(to);
  const notice = [result.error, ...(result.issues ?? [])].join('; ');
  return back(`${refusedTo.split('#')[0]}${refusedTo.includes('?') ? '&' : '?'}notice=${encodeURIComponent(notice)}`);
}

/** The console's own pages (besides its actions under `/console/`): guarded here, never in the request log. */
export const CONSOLE_PAGES: readonly string[] = ['/', '/debugger', '/console-live.js'];

// The page's own origin: the scheme and the Host the request was addressed to (behind a proxy, publicOrigin too).
const ownOrigins = (c: Context, publicOrigin: string | undefined): string[] => {
  const url = new URL(c.req.url);
  return [`${url.protocol}//${c.req.header('host') ?? url.host}`.toLowerCase(), ...(publicOrigin === undefined ? [] : [publicOrigin.toLowerCase()])];
};

/** Loopback callers and a loopback Host for every page; for every action, same-origin (`hono/csrf`) and the page's form token. */
function addConsoleGuard(app: Hono, options: ConsoleRouteOptions): void {
  for (const path of [...CONSOLE_PAGES, '/console/*']) {
    app.use(path, async (c, next) => {
      if (!adminAllowed(options.access, c.env)) return text(403, 'the console answers loopback callers only');
      if (!adminHostAllowed(c.req.raw, c.env, options.publicOrigin))
        return text(421, 'the console answers requests addressed to localhost, 127.0.0.1 or [::1] with its port, or to publicOrigin');
      await next();
      return undefined;
    });
  }
  // A browser's Sec-Fetch-Site must be same-origin, or its Origin the page's own.
  const sameOrigin = csrf({ origin: (origin, c) => ownOrigins(c, options.publicOrigin).includes(origin.toLowerCase()) });
  app.use('/console/*', async (c, next) => {
    if (c.req.method !== 'POST') return text(405, 'console actions are POST forms');
    // A client that is no browser sends neither header: the form token alone vouches for it.
    const fromBrowser = c.req.header('origin') !== undefined || c.req.header('sec-fetch-site') !== undefined;
    try {
      if (fromBrowser) await sameOrigin(c, async () => {});
    } catch (error) {
      if (error instanceof HTTPException)
        return text(403, "the Origin or Sec-Fetch-Site is not the console's own: console actions are taken from the console only");
      throw error;
    }
    const read = await readCappedBody(c.req.raw, 64 * 1024);
    if ('tooLarge' in read) return text(413, 'the form is too large');
    const form = new URLSearchParams(read.text);
    if (!sameToken(form.get('csrf'), options.csrf)) return text(403, 'the form token is missing or wrong: reload the console and try again');
    c.set('form' as never, form as never);
    await next();
    return undefined;
  });
}

function addPages(app: Hono, options: ConsoleRouteOptions): void {
  // Its one script (live updates) from its own origin; the page works without it.
  app.use('/', secureHeaders(consoleSecurity(["'self'"], ["'self'"])));
  app.get('/', async (c) => {
    const orderid = c.req.query('order');
    const found = orderid === undefined ? undefined : await options.actions.order(orderid);
    const page = await renderConsole(options, {
      orders: orderSection(options.csrf, { list: options.actions.orders(ORDERS_SHOWN), view: found?.ok ? found.value : undefined, orderid }),
      ...Object.fromEntries(
        ['state', 'q', 'payment', 'notice', 'rrefused', 'roperation', 'rlogin', 'rorder', 'rbefore'].map((name) => [name, c.req.query(name)]),
      ),
    });
    c.header('Cache-Control', 'no-store');
    return c.html(page);
  });
  app.get('/console-live.js', () => {
    return new Response(LIVE_UPDATES_SCRIPT, {
      status: 200,
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
    });
  });
  // Opened on an inspector entry, the page may ask this emulator to check it (connect-src 'self').
  app.use('/debugger', secureHeaders(consoleSecurity([`'${DEBUGGER_SCRIPT_HASH}'`], ["'self'"])));
  app.get('/debugger', async (c) => {
    const prefill: Partial<Record<'method' | 'url' | 'authorization' | 'body' | 'entry', string>> = {};
    for (const name of ['method', 'url', 'authorization', 'body', 'entry'] as const) {
      const value = c.req.query(name);
      if (value !== undefined) prefill[name] = value;
    }
    c.header('Cache-Control', 'no-store');
    return c.html((await debuggerPage(prefill)).html);
  });
}

function addActions(app: Hono, options: ConsoleRouteOptions): void {
  const formOf = (c: { get: (key: never) => unknown }): URLSearchParams => c.get('form' as never) as URLSearchParams;
  app.post('/console/clock', async (c) => {
    const advance = formOf(c).get('advance');
    // A month: to the same day of the next month (the 31st of January goes to the end of February).
    const days = advance === 'month' ? monthAhead(options.clock.today()) - options.clock.today() : Number(advance);
    return after(await options.actions.moveClock({ advanceDays: days }), '/');
  });
  app.post('/console/payments', async (c) => {
    const form = formOf(c);
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (name !== 'csrf' && name !== 'login' && value !== '') fields[name] = value;
    const login = form.get('login') ?? '';
    const id = fields['recurring-payment-id'] ?? '';
    const owner = options.actions.merchantOf(login === '' ? undefined : login, undefined);
    const created = owner.ok ? await options.actions.createPayment(fields, owner.value) : owner;
    return after(created, `/?payment=${encodeURIComponent(id)}#payment`, '/');
  });
  app.post('/console/orders/outcome', async (c) => {
    const form = formOf(c);
    const orderid = form.get('orderid') ?? '';
    const set = await options.actions.setOutcome(orderid, form.get('outcome') ?? '');
    return after(set, `/?order=${encodeURIComponent(orderid)}#orders`, '/#orders');
  });
  app.post('/console/payments/:id/stop', async (c) => {
    const id = c.req.param('id');
    return after(await options.actions.stopPayment(id), `/?payment=${encodeURIComponent(id)}#payment`);
  });
  app.post('/console/payments/:id/callbacks/:orderid/resend', async (c) => {
    const id = c.req.param('id');
    return after(await options.actions.resendCharge(id, c.req.param('orderid')), `/?payment=${encodeURIComponent(id)}#payment`);
  });
}

/**
 * The console (`GET /`) and the signature debugger (`GET /debugger`), the console's actions
 * (`POST /console/...`, each calling an {@link AdminActions} function) and the request
 * inspector's routes. Like the admin API: loopback callers only (unless `adminApi: 'any'`), and
 * only under a loopback `Host` (no DNS rebinding); every action also needs the console's
 * per-process form token, and a browser's `Sec-Fetch-Site` or `Origin` must be the console's own
 * (`hono/csrf`). Pages carry `hono/secure-headers` (a CSP that allows the page's own script only).
 */
export function addConsoleRoutes(app: Hono, options: ConsoleRouteOptions): void {
  addConsoleGuard(app, options);
  addPages(app, options);
  addInspectorRoutes(app, options.requests);
  addActions(app, options);
}
