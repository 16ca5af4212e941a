import { fromEpochDay, toEpochDay } from '@paysign/protocol';
import { parseAuthorizationHeader } from '@paysign/oauth-core';
import { parseFormPairs } from '@paysign/oauth-core/encoding';
import type { Hono } from 'hono';
import { adminHostAllowed } from '../admin/host-check.js';
import { adminAllowed, type AdminAccess } from '../admin/loopback.js';
import { debuggerPage } from '../debugger/debugger-page.js';
import { readCappedBody } from '../request/read-body.js';
import type { ActionResult, AdminActions } from '../admin/admin-actions.js';
import { type ConsoleState, renderConsole } from './console-page.js';
import { csrfProblem } from './csrf.js';
import { orderSection } from './order-form.js';
import { pageHeaders } from './html.js';
import { LIVE_UPDATES_SCRIPT } from './live-updates.js';

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

/** The `oauth_signature` a request carries, in its header or its body. */
function signatureOf(authorization: string | null, body: string): string | undefined {
  try {
    if (authorization !== null) return parseAuthorizationHeader(authorization).params.oauth_signature;
    return parseFormPairs(body).find(([name]) => name === 'oauth_signature')?.[1];
  } catch {
    return undefined;
  }
}

/** Where an action leads: back to the page, with the action's reason when it was refused. */
function after(result: ActionResult<unknown>, to: string, refusedTo = to): Response {
  if (result.ok) return back(to);
  const notice = [result.error, ...(result.issues ?? [])].join('; ');
  return back(`${refusedTo.split('#')[0]}${refusedTo.includes('?') ? '&' : '?'}notice=${encodeURIComponent(notice)}`);
}

/** The console's own pages (besides its actions under `/console/`): guarded here, never in the request log. */
export const CONSOLE_PAGES: readonly string[] = ['/', '/debugger', '/console-live.js'];

/**
 * The console (`GET /`) and the signature debugger (`GET /debugger`), and the console's actions
 * (`POST /console/...`). Like the admin API: loopback callers only (unless `adminApi: 'any'`),
 * and only under a loopback `Host` (no DNS rebinding); every action also needs the console's
 * per-process form token, and a browser's `Origin`/`Sec-Fetch-Site` must be the console's own.
 */
export function addConsoleRoutes(app: Hono, options: ConsoleRouteOptions): void {
  for (const path of [...CONSOLE_PAGES, '/console/*']) {
    app.use(path, async (c, next) => {
      if (!adminAllowed(options.access, c.env)) return text(403, 'the console answers loopback callers only');
      if (!adminHostAllowed(c.req.raw, c.env, options.publicOrigin))
        return text(421, 'the console answers requests addressed to localhost, 127.0.0.1 or [::1] with its port, or to publicOrigin');
      await next();
      return undefined;
    });
  }
  app.use('/console/*', async (c, next) => {
    if (c.req.method !== 'POST') return text(405, 'console actions are POST forms');
    const read = await readCappedBody(c.req.raw, 64 * 1024);
    if ('tooLarge' in read) return text(413, 'the form is too large');
    const form = new URLSearchParams(read.text);
    const problem = csrfProblem(c.req.raw, form.get('csrf'), options.csrf);
    if (problem !== undefined) return text(403, problem);
    c.set('form' as never, form as never);
    await next();
    return undefined;
  });
  const formOf = (c: { get: (key: never) => unknown }): URLSearchParams => c.get('form' as never) as URLSearchParams;

  app.get('/', async (c) => {
    const orderid = c.req.query('order');
    const found = orderid === undefined ? undefined : await options.actions.order(orderid);
    const html = await renderConsole(options, {
      orders: String(orderSection(options.csrf, { list: options.actions.orders(ORDERS_SHOWN), view: found?.ok ? found.value : undefined, orderid })),
      state: c.req.query('state'),
      q: c.req.query('q'),
      payment: c.req.query('payment'),
      notice: c.req.query('notice'),
      rrefused: c.req.query('rrefused'),
      roperation: c.req.query('roperation'),
      rlogin: c.req.query('rlogin'),
      rorder: c.req.query('rorder'),
      rbefore: c.req.query('rbefore'),
    });
    // Its one script (live updates) from its own origin; the page works without it.
    return new Response(html, { status: 200, headers: pageHeaders("'self'", "'self'") });
  });
  app.get('/console-live.js', () => {
    return new Response(LIVE_UPDATES_SCRIPT, {
      status: 200,
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
    });
  });
  // The request inspector as JSON (guarded by the admin API's /emulator/* checks, registered first).
  app.get('/emulator/requests', (c) => {
    const limit = c.req.query('limit');
    const before = c.req.query('before');
    const refused = c.req.query('refused');
    const bad = [
      limit !== undefined && !(/^[1-9][0-9]{0,2}$/.test(limit) && Number(limit) <= 500) ? 'limit: a whole number 1-500' : '',
      before !== undefined && !/^[1-9][0-9]{0,15}$/.test(before) ? 'before: a request id' : '',
      refused !== undefined && refused !== '1' && refused !== '0' ? 'refused: 1 or 0' : '',
    ].filter((problem) => problem !== '');
    if (bad.length > 0) return Response.json({ error: 'bad query', issues: bad }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
    const operation = c.req.query('operation');
    const login = c.req.query('login');
    const order = c.req.query('order');
    const listed = options.requests.list({
      ...(refused !== undefined && { refused: refused === '1' }),
      ...(operation !== undefined && { operation }),
      ...(login !== undefined && { login }),
      ...(order !== undefined && { order }),
      ...(before !== undefined && { before: Number(before) }),
      limit: Math.min(Number(limit ?? 50), 500),
    });
    return Response.json(listed, { headers: { 'Cache-Control': 'no-store' } });
  });
  // What the emulator made of a request (a `paysign send` 403, a `--save-request` file): the kept
  // request with the same oauth_signature and its recorded cause, or, when it keeps none, a
  // diagnosis now with what the emulator knows (its merchants and keys). Masked, like the rest.
  app.post('/emulator/diagnose', async (c) => {
    const read = await readCappedBody(c.req.raw, 4 * 1024 * 1024);
    if ('tooLarge' in read) return Response.json({ error: 'the request to diagnose is over 4 MiB' }, { status: 413 });
    let given: { method?: unknown; url?: unknown; headers?: unknown; body?: unknown };
    try {
      given = JSON.parse(read.text) as typeof given;
    } catch {
      return Response.json({ error: 'expected JSON: method, url, headers, body' }, { status: 400 });
    }
    const headers = typeof given?.headers === 'object' && given.headers !== null ? (given.headers as Record<string, unknown>) : {};
    const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
    if (
      typeof given?.url !== 'string' ||
      !URL.canParse(given.url) ||
      typeof given.body !== 'string' ||
      (authorization !== undefined && typeof authorization !== 'string')
    )
      return Response.json({ error: 'expected JSON: method, url, headers, body' }, { status: 400 });
    const method = typeof given.method === 'string' ? given.method : 'POST';
    const signature = signatureOf(authorization ?? null, given.body);
    const recorded = signature === undefined ? undefined : await options.requests.find(signature);
    if (recorded !== undefined) {
      const inBodyOnly = authorization === undefined && signature !== undefined && recorded.causes?.[0]?.code === 'missing_parameter';
      const causes = inBodyOnly
        ? [{ code: 'oauth_in_body_only', message: 'the oauth_* parameters are in the form body only: the gateway reads them from the Authorization header' }]
        : (recorded.causes ?? []);
      return Response.json(
        {
          recorded: true,
          id: recorded.id,
          status: recorded.status,
          causes,
          ...(recorded.expectedBaseString !== undefined && { expectedBaseString: recorded.expectedBaseString }),
        },
        { headers: { 'Cache-Control': 'no-store' } },
      );
    }
    const fresh = await options.requests.diagnoseNow({
      method,
      url: given.url,
      authorization: (authorization as string | undefined) ?? null,
      body: given.body,
    });
    return Response.json({ recorded: false, ...fresh }, { headers: { 'Cache-Control': 'no-store' } });
  });
  // The debugger opened from the inspector: a kept request checked again, as received, with the
  // keys the emulator holds (an RSA request's masked body could never verify in the page). The
  // answer is masked; the request's bytes stay here.
  app.post('/emulator/requests/:id/check', async (c) => {
    const id = c.req.param('id');
    if (!/^[1-9][0-9]{0,15}$/.test(id)) return Response.json({ error: 'id: a request id' }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
    const checked = await options.requests.check(Number(id));
    if (checked === undefined)
      return Response.json(
        { error: 'the emulator no longer keeps this request as received (it keeps the newest)' },
        { status: 404, headers: { 'Cache-Control': 'no-store' } },
      );
    return Response.json(checked, { headers: { 'Cache-Control': 'no-store' } });
  });
  // Live updates: each new or newly diagnosed request as a server-sent event (its JSON, masked).
  app.get('/emulator/requests/events', (c) => {
    let unsubscribe = (): void => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        controller.enqueue(encoder.encode(': paysign emulator requests\n\n'));
        unsubscribe = options.requests.subscribe((entry) => {
          try {
            controller.enqueue(encoder.encode(`id: ${entry.id}\nevent: request\ndata: ${JSON.stringify(entry)}\n\n`));
          } catch {
            unsubscribe();
          }
        });
        c.req.raw.signal.addEventListener('abort', () => {
          unsubscribe();
          try {
            controller.close();
          } catch {}
        });
      },
      cancel() {
        unsubscribe();
      },
    });
    return new Response(stream, {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
    });
  });
  app.get('/debugger', (c) => {
    const prefill: Partial<Record<'method' | 'url' | 'authorization' | 'body' | 'entry', string>> = {};
    for (const name of ['method', 'url', 'authorization', 'body', 'entry'] as const) {
      const value = c.req.query(name);
      if (value !== undefined) prefill[name] = value;
    }
    const page = debuggerPage(prefill);
    // Opened on an inspector entry, the page may ask this emulator to check it (connect-src 'self').
    return new Response(page.html, { status: 200, headers: pageHeaders(`'${page.scriptHash}'`, prefill.entry === undefined ? "'none'" : "'self'") });
  });

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
