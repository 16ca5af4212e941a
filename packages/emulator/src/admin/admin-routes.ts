import type { Context, Hono } from 'hono';
import { GATEWAY_HEADERS } from '../reply/headers.js';
import { readCappedBody } from '../request/read-body.js';
import type { ActionResult, AdminActions } from './admin-actions.js';
import { adminHostAllowed } from './host-check.js';
import { adminAllowed, type AdminAccess } from './loopback.js';

function json(value: unknown, status: number): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { ...GATEWAY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

const problem = (status: number, error: string) => json({ error }, status);

/** An action's answer as JSON: its value with `status`, or its refusal `{"error", "issues"?}`. */
const answer = <T>(result: ActionResult<T>, status = 200): Response =>
  result.ok ? json(result.value, status) : json({ error: result.error, ...(result.issues !== undefined && { issues: result.issues }) }, result.status);

async function readJsonObject(request: Request, maxBytes: number): Promise<Record<string, unknown> | Response> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return problem(415, 'Content-Type must be application/json');
  const body = await readCappedBody(request, maxBytes);
  if ('tooLarge' in body) return problem(413, `the body is over the ${maxBytes}-byte cap`);
  let value: unknown;
  try {
    value = JSON.parse(body.text);
  } catch {
    return problem(400, 'the body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return problem(400, 'the body must be a JSON object');
  return value as Record<string, unknown>;
}

export interface AdminRouteOptions {
  access: AdminAccess;
  pathPrefix: string;
  actions: AdminActions;
  maxBodyBytes: number;
  /** The origin clients use when a proxy sits in front; its host is accepted in `Host` besides loopback names. */
  publicOrigin: string | undefined;
}

/** The guard of every admin route: loopback callers (unless `any`), and a `Host` that names the emulator. */
function addAdminGuard(app: Hono, roots: readonly string[], options: AdminRouteOptions): void {
  for (const root of roots) {
    app.use(`${root}/*`, async (c, next) => {
      if (!adminAllowed(options.access, c.env)) return problem(403, 'the admin API answers loopback callers only');
      // Before any action: a DNS-rebound page reaches the loopback socket but names its own host.
      if (!adminHostAllowed(c.req.raw, c.env, options.publicOrigin))
        return problem(421, 'the admin API answers requests addressed to localhost, 127.0.0.1 or [::1] with its port, or to publicOrigin');
      await next();
      return undefined;
    });
  }
}

function addPaymentRoutes(app: Hono, roots: readonly string[], { actions, maxBodyBytes }: AdminRouteOptions): void {
  const owner = (c: Context) => actions.merchantOf(c.req.query('login'), c.req.query('endpoint'));
  for (const root of roots) {
    app.get(`${root}/recurring-payments/:id`, async (c) => {
      const who = owner(c);
      return who.ok ? answer(await actions.payment(c.req.param('id'), who.value)) : answer(who);
    });
  }
  app.get('/emulator/recurring-payments', async () => json({ recurringPayments: await actions.payments() }, 200));
  app.post('/emulator/recurring-payments', async (c) => {
    const who = owner(c);
    if (!who.ok) return answer(who);
    const body = await readJsonObject(c.req.raw, maxBodyBytes);
    return body instanceof Response ? body : answer(await actions.createPayment(body, who.value), 201);
  });
  app.post('/emulator/recurring-payments/:id/stop', async (c) => answer(await actions.stopPayment(c.req.param('id'))));
  app.post('/emulator/recurring-payments/:id/callbacks/:orderid/resend', async (c) =>
    answer(await actions.resendCharge(c.req.param('id'), c.req.param('orderid'))),
  );
}

function addOrderAndClockRoutes(app: Hono, { actions, maxBodyBytes }: AdminRouteOptions): void {
  app.get('/emulator/orders/:orderid', async (c) => answer(await actions.order(c.req.param('orderid'))));
  app.post('/emulator/orders/:orderid/outcome', async (c) => {
    const body = await readJsonObject(c.req.raw, maxBodyBytes);
    return body instanceof Response ? body : answer(await actions.setOutcome(c.req.param('orderid'), body.outcome));
  });
  app.post('/emulator/orders/:orderid/resend', async (c) => answer(await actions.resendOrder(c.req.param('orderid'))));
  app.get('/emulator/clock', () => json(actions.clock(), 200));
  app.post('/emulator/clock', async (c) => {
    // The system clock is refused before the body is read.
    if (actions.clock().clock !== 'virtual') return answer(await actions.moveClock({}));
    const body = await readJsonObject(c.req.raw, maxBodyBytes);
    return body instanceof Response ? body : answer(await actions.moveClock(body));
  });
}

/**
 * The emulator's unsigned admin API (the real gateway has none), JSON over {@link AdminActions}:
 * `GET|POST /emulator/clock`, `GET|POST /emulator/recurring-payments`,
 * `GET /emulator/recurring-payments/{id}` (also under the path prefix),
 * `POST /emulator/recurring-payments/{id}/stop`, `POST /emulator/recurring-payments/{id}/callbacks/{orderid}/resend`,
 * `GET /emulator/orders/{orderid}`, `POST /emulator/orders/{orderid}/outcome` (`{"outcome": "approved|declined|filtered|error"}`)
 * and `POST /emulator/orders/{orderid}/resend`. Loopback callers only, unless `adminApi: 'any'`;
 * in both cases only requests whose `Host` is a loopback name with the emulator's port, or `publicOrigin`'s host.
 */
export function addAdminRoutes(app: Hono, options: AdminRouteOptions): void {
  const roots = [...new Set(['/emulator', `${options.pathPrefix}/emulator`])];
  addAdminGuard(app, roots, options);
  addPaymentRoutes(app, roots, options);
  addOrderAndClockRoutes(app, options);
}
