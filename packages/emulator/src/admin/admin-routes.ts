import { describeIssue, GatewayValidationError } from '@paysign/protocol';
import { readScheduleRules } from '@paysign/protocol';
import type { Hono } from 'hono';
import { dateOf, epochDayOf, type EmulatorClock } from '../clock/emulator-clock.js';
import { EmulatorError } from '../errors.js';
import type { MerchantRegistry } from '../merchants/merchant-registry.js';
import type { PaymentOwner, PaymentOwners } from '../merchants/payment-owners.js';
import { MAX_PENDING_CALLBACKS, type OrderBook, type OrderView } from '../orders/order-book.js';
import { FINAL_OUTCOMES, isFinalOutcome } from '../orders/test-cards.js';
import type { RecurringEngine } from '../recurring/recurring-engine.js';
import { GATEWAY_HEADERS } from '../reply/headers.js';
import { readCappedBody } from '../request/read-body.js';
import { parseProfiles } from '../store/load-profiles.js';
import { withoutNeverStored } from '../store/never-stored.js';
import type { ProfileStore } from '../store/profile-store.js';
import { publicProfileFields } from '../store/public-profile.js';
import { adminHostAllowed } from './host-check.js';
import { adminAllowed, type AdminAccess } from './loopback.js';

/** Most re-sends of one charge's callback through the admin API (and the console). */
const MAX_RESENDS_PER_CHARGE = 20;
/** The most days one `POST /emulator/clock` may advance (ten years). */
export const MAX_ADVANCE_DAYS = 3660;

function json(value: unknown, status: number): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { ...GATEWAY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

const problem = (status: number, error: string) => json({ error }, status);

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
  clock: EmulatorClock;
  profiles: ProfileStore;
  owners: PaymentOwners;
  merchants: MerchantRegistry;
  recurring: RecurringEngine;
  orders: OrderBook;
  maxBodyBytes: number;
  /** The origin clients use when a proxy sits in front; its host is accepted in `Host` besides loopback names. */
  publicOrigin: string | undefined;
}

/**
 * The emulator's unsigned admin API (the real gateway has none): `GET|POST /emulator/clock`,
 * `GET|POST /emulator/recurring-payments`, `GET /emulator/recurring-payments/{id}` (also under the
 * path prefix, as before), `POST /emulator/recurring-payments/{id}/stop` and
 * `POST /emulator/recurring-payments/{id}/callbacks/{orderid}/resend`, `GET /emulator/orders/{orderid}`
 * and `POST /emulator/orders/{orderid}/outcome` (`{"outcome": "approved|declined|filtered|error"}`:
 * transfers, pan-eligibility checks and recurring charges alike). Loopback callers only, unless `adminApi: 'any'`; in both cases only
 * requests whose `Host` is a loopback name with the emulator's port, or `publicOrigin`'s host.
 */
export function addAdminRoutes(app: Hono, options: AdminRouteOptions): void {
  const { clock, profiles, owners, merchants, recurring, orders, maxBodyBytes } = options;

  // `?login=L[&endpoint=E]`: a registered login, and one of its endpoint ids (may be left out when it has one).
  // Neither given: no merchant named (`null`). The messages name the parameter and the rule, never the value sent.
  const merchantOf = (login: string | undefined, endpoint: string | undefined): PaymentOwner | null | Response => {
    if (login === undefined) return endpoint === undefined ? null : problem(400, 'endpoint: needs login');
    const account = merchants.get(login)?.account;
    if (account === undefined) return problem(400, 'login: no merchant has this login');
    if (endpoint === undefined) {
      if (account.endpointIds.length !== 1) return problem(400, 'endpoint: is required when the merchant has several endpoint ids');
      return { login, endpointId: account.endpointIds[0] as string };
    }
    if (!account.endpointIds.includes(endpoint)) return problem(400, "endpoint: is not one of the merchant's endpoint ids");
    return { login, endpointId: endpoint };
  };
  const roots = [...new Set(['/emulator', `${options.pathPrefix}/emulator`])];
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

  // With a merchant named, another merchant's payment is answered as an unknown id, as the signed API does.
  const view = async (id: string, who: PaymentOwner | null = null): Promise<Response> => {
    const profile = await profiles.get(id);
    const life = await recurring.life(id);
    // Unauthenticated: personal data is redacted and the card masked (see publicProfileFields).
    if (profile === undefined || life === undefined || (who !== null && !owners.allows(id, who))) return problem(404, 'no recurring payment has this id');
    const owner = owners.get(id) ?? null;
    return json({ id: profile.id, revision: profile.revision, owner, ...life, fields: publicProfileFields(profile.fields) }, 200);
  };
  for (const root of roots) {
    app.get(`${root}/recurring-payments/:id`, (c) => {
      const who = merchantOf(c.req.query('login'), c.req.query('endpoint'));
      return who instanceof Response ? who : view(c.req.param('id'), who);
    });
  }

  // Every payment, in id order: its state, counter, next charge and owner.
  app.get('/emulator/recurring-payments', async () => {
    const recurringPayments = [];
    for (const profile of await profiles.list()) {
      const life = await recurring.life(profile.id);
      if (life === undefined) continue;
      recurringPayments.push({
        id: profile.id,
        state: life.state,
        currentRepeatsNumber: life.currentRepeatsNumber,
        nextChargeDate: life.state === 'active' ? (life.upcoming[0]?.date ?? null) : null,
        merchant: owners.get(profile.id) ?? null,
      });
    }
    recurringPayments.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return json({ recurringPayments }, 200);
  });

  // A manual stop from today: the state reads `stop` and nothing is charged, a charge due today
  // or a first charge still ahead included, until an update reschedules the payment.
  app.post('/emulator/recurring-payments/:id/stop', async (c) => {
    const id = c.req.param('id');
    if (!(await recurring.stop(id))) return problem(404, 'no recurring payment has this id');
    return view(id);
  });

  // Sends one charge's callback again now, as a new delivery with its own attempts.
  // At most MAX_RESENDS_PER_CHARGE re-sends per charge: each is a new delivery with up to 30
  // attempts, and a loop of POSTs must not make thousands of them.
  // Counted by the gateway's order id (never reused), whichever route re-sent it.
  const resends = new Map<string, number>();
  const resentTooOften = (orderid: string): Response | undefined => {
    const count = resends.get(orderid) ?? 0;
    return count >= MAX_RESENDS_PER_CHARGE
      ? problem(429, `this order's callback was re-sent ${count} times already (at most ${MAX_RESENDS_PER_CHARGE})`)
      : undefined;
  };
  const countResend = (orderid: string): void => void resends.set(orderid, (resends.get(orderid) ?? 0) + 1);
  app.post('/emulator/recurring-payments/:id/callbacks/:orderid/resend', async (c) => {
    const orderid = c.req.param('orderid');
    const refused = resentTooOften(orderid);
    if (refused !== undefined) return refused;
    const sent = await recurring.resendCallback(c.req.param('id'), orderid);
    if (!sent) return problem(404, 'no charge of this recurring payment has this orderid');
    countResend(orderid);
    return view(c.req.param('id'));
  });

  // An order by the gateway's order id: a transfer's or pan-eligibility check's, or a recurring charge's.
  const order = async (orderid: string): Promise<OrderView | undefined> => {
    const placed = orders.get(orderid);
    if (placed !== undefined) return placed;
    const charge = await recurring.order(orderid);
    if (charge === undefined) return undefined;
    const owner = owners.get(charge.recurringPaymentId);
    return {
      orderid,
      operation: 'recurring-charge',
      status: charge.status,
      merchantOrderId: charge.merchantOrderId,
      ...(owner !== undefined && { login: owner.login }),
      recurringPaymentId: charge.recurringPaymentId,
      callbacks: charge.callbacks,
    };
  };
  app.get('/emulator/orders/:orderid', async (c) => {
    const found = await order(c.req.param('orderid'));
    return found === undefined ? problem(404, 'no order has this orderid') : json(found, 200);
  });
  // Sets an order's final status now, even one already final, and sends a new callback.
  app.post('/emulator/orders/:orderid/outcome', async (c) => {
    const body = await readJsonObject(c.req.raw, maxBodyBytes);
    if (body instanceof Response) return body;
    if (!isFinalOutcome(body.outcome)) return problem(400, `outcome must be one of ${FINAL_OUTCOMES.join(', ')}`);
    const orderid = c.req.param('orderid');
    const placed = await orders.setOutcome(orderid, body.outcome);
    const set = placed === false ? await recurring.setOutcome(orderid, body.outcome) : placed;
    if (set === 'busy')
      return problem(429, `${MAX_PENDING_CALLBACKS} callbacks of this order are still being delivered: set it again once one is delivered or given up`);
    if (!set) return problem(404, 'no order has this orderid');
    return json(await order(orderid), 200);
  });

  // Sends an order's callback again with its final status: a transfer's, a pan-eligibility check's or a recurring charge's.
  app.post('/emulator/orders/:orderid/resend', async (c) => {
    const orderid = c.req.param('orderid');
    const refused = resentTooOften(orderid);
    if (refused !== undefined) return refused;
    let sent = await orders.resend(orderid);
    if (sent === false) {
      const charge = await recurring.order(orderid);
      sent = charge !== undefined && (await recurring.resendCallback(charge.recurringPaymentId, orderid));
    }
    if (sent === 'processing') return problem(409, 'the order is still processing: its callback is sent once it has its final status');
    if (sent === 'busy')
      return problem(429, `${MAX_PENDING_CALLBACKS} callbacks of this order are still being delivered: re-send it once one is delivered or given up`);
    if (!sent) return problem(404, 'no order has this orderid');
    countResend(orderid);
    return json(await order(orderid), 200);
  });

  app.get('/emulator/clock', () => json({ today: dateOf(clock.today()), clock: clock.mode }, 200));
  app.post('/emulator/clock', async (c) => {
    if (clock.mode !== 'virtual') return problem(409, 'the clock is the system clock; start the emulator with the virtual clock to move it');
    const body = await readJsonObject(c.req.raw, maxBodyBytes);
    if (body instanceof Response) return body;
    // The target is read when this step's turn comes, not now: concurrent steps add up (four
    // `advanceDays: 1` move the clock four days), and a date already passed moves it nowhere.
    let target: (today: number) => number;
    if (body.advanceDays !== undefined && body.today === undefined) {
      const days = body.advanceDays;
      if (typeof days !== 'number' || !Number.isSafeInteger(days) || days < 0 || days > MAX_ADVANCE_DAYS) {
        return problem(400, `advanceDays must be a whole number from 0 to ${MAX_ADVANCE_DAYS}`);
      }
      target = (today) => today + days;
    } else if (body.today !== undefined && body.advanceDays === undefined) {
      const day = typeof body.today === 'string' ? epochDayOf(body.today) : undefined;
      if (day === undefined) return problem(400, 'today must be a DD.MM.YYYY date that exists');
      // Checked against today as it is now; by the step's turn the clock can only have moved on.
      if (day < clock.today()) return problem(400, "today must not be before the emulator's today: the clock never goes backwards");
      if (day - clock.today() > MAX_ADVANCE_DAYS) return problem(400, `today must be at most ${MAX_ADVANCE_DAYS} days ahead`);
      target = (today) => Math.max(today, day);
    } else {
      return problem(400, 'send exactly one of advanceDays or today');
    }
    let reached = clock.today();
    const charges = await recurring.runThrough((today) => (reached = target(today)));
    return json({ today: dateOf(reached), charges }, 200);
  });

  app.post('/emulator/recurring-payments', async (c) => {
    const owner = merchantOf(c.req.query('login'), c.req.query('endpoint'));
    if (owner instanceof Response) return owner;
    const body = await readJsonObject(c.req.raw, maxBodyBytes);
    if (body instanceof Response) return body;
    let fields: Record<string, string>;
    try {
      // Validated as sent, stored without cvv2, whatever the store.
      fields = withoutNeverStored(parseProfiles(JSON.stringify([body]))[0] as Record<string, string>);
    } catch (error) {
      if (error instanceof EmulatorError) return problem(400, error.message);
      throw error;
    }
    if (fields.period !== undefined && fields.period !== '') {
      try {
        readScheduleRules(fields);
      } catch (error) {
        if (error instanceof GatewayValidationError)
          return json({ error: 'the schedule breaks the spec', issues: error.issues.map((issue) => describeIssue(issue)) }, 400);
        throw error;
      }
    }
    const id = fields['recurring-payment-id'] as string;
    const { result } = await profiles.update([id], (current) => {
      if (current.get(id)) return { refuse: false };
      // Under the store's lock, before the payment exists: no update can claim it first.
      if (owner !== null) owners.claim(id, owner);
      return { store: new Map([[id, fields]]), result: true };
    });
    if (!result) return problem(409, 'a recurring payment with this id exists');
    // A start-date of today with type auto is charged on creation (rule 10).
    await recurring.runThrough();
    const response = await view(id);
    return new Response(response.body, { status: 201, headers: response.headers });
  });
}
