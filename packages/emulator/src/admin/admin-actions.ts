import { describeIssue, GatewayValidationError } from '@paysign/protocol';
import { readScheduleRules } from '@paysign/protocol/schedule';
import { dateOf, epochDayOf, type EmulatorClock } from '../clock/emulator-clock.js';
import { EmulatorError } from '../errors.js';
import type { MerchantRegistry } from '../merchants/merchant-registry.js';
import type { PaymentOwner, PaymentOwners } from '../merchants/payment-owners.js';
import { MAX_PENDING_CALLBACKS } from '../callbacks/callback-sender.js';
import type { OrderView } from '../orders/order.js';
import type { OrderBook } from '../orders/order-book.js';
import { FINAL_OUTCOMES, isFinalOutcome } from '../orders/test-cards.js';
import type { PaymentLife } from '../recurring/payment-life.js';
import type { ChargeRecord } from '../recurring/payment-state.js';
import type { RecurringEngine } from '../recurring/recurring-engine.js';
import { parseProfiles } from '../store/load-profiles.js';
import { withoutNeverStored } from '../store/never-stored.js';
import type { ProfileStore } from '../store/profile-store.js';
import { publicProfileFields } from '../store/public-profile.js';

// Every admin action of the emulator as a plain function: the admin API (JSON, admin-routes.ts)
// and the console (HTML forms, console/console-routes.ts) are two thin layers over these, so the
// console never calls the emulator over HTTP. A refusal is a value (status, reason), never thrown.

/** Most re-sends of one order's callback (a charge's too), whichever way they are asked for. */
export const MAX_RESENDS_PER_ORDER = 20;
/** The most days one clock step may advance (ten years). */
export const MAX_ADVANCE_DAYS = 3660;

/** What an admin action answers: its value, or why it was refused (an HTTP status and a reason naming the field and the rule). */
export type ActionResult<T> = { ok: true; value: T } | { ok: false; status: number; error: string; issues?: string[] };

const done = <T>(value: T): ActionResult<T> => ({ ok: true, value });
const refused = (status: number, error: string, issues?: string[]): { ok: false; status: number; error: string; issues?: string[] } => ({
  ok: false,
  status,
  error,
  ...(issues !== undefined && { issues }),
});

/** A recurring payment as the admin API shows it: its life, owner and public fields. */
export type PaymentView = PaymentLife & { id: string; revision: number; owner: PaymentOwner | null; fields: Record<string, string> };

/** One row of the list of recurring payments. */
export interface ListedPayment {
  id: string;
  state: 'active' | 'stop';
  currentRepeatsNumber: number;
  nextChargeDate: string | null;
  merchant: PaymentOwner | null;
}

/** The parts the actions work on. */
export interface AdminParts {
  clock: EmulatorClock;
  profiles: ProfileStore;
  owners: PaymentOwners;
  merchants: MerchantRegistry;
  recurring: RecurringEngine;
  orders: OrderBook;
}

/**
 * The admin actions of one emulator, over its parts.
 *
 * @example
 * ```ts
 * const actions = new AdminActions({ clock, profiles, owners, merchants, recurring, orders });
 * const stopped = await actions.stopPayment('rp-1'); // { ok: true, value: { state: 'stop', ... } }
 * ```
 */
export class AdminActions {
  readonly #parts: AdminParts;
  readonly #resends = new Map<string, number>();

  constructor(parts: AdminParts) {
    this.#parts = parts;
  }

  /**
   * The owner named by `login` (a registered login) and `endpoint` (one of its endpoint ids; may
   * be left out when it has one); `null` when neither is given.
   */
  merchantOf(login: string | undefined, endpoint: string | undefined): ActionResult<PaymentOwner | null> {
    if (login === undefined) return endpoint === undefined ? done(null) : refused(400, 'endpoint: needs login');
    const account = this.#parts.merchants.get(login)?.account;
    if (account === undefined) return refused(400, 'login: no merchant has this login');
    if (endpoint === undefined) {
      if (account.endpointIds.length !== 1) return refused(400, 'endpoint: is required when the merchant has several endpoint ids');
      return done({ login, endpointId: account.endpointIds[0] as string });
    }
    if (!account.endpointIds.includes(endpoint)) return refused(400, "endpoint: is not one of the merchant's endpoint ids");
    return done({ login, endpointId: endpoint });
  }

  /** One payment; with `who`, another merchant's payment is refused as an unknown id, as the signed API does. */
  async payment(id: string, who: PaymentOwner | null = null): Promise<ActionResult<PaymentView>> {
    const { profiles, recurring, owners } = this.#parts;
    const profile = await profiles.get(id);
    const life = await recurring.life(id);
    if (profile === undefined || life === undefined || (who !== null && !owners.allows(id, who))) return refused(404, 'no recurring payment has this id');
    // Unauthenticated: personal data is redacted and the card masked (see publicProfileFields).
    return done({ id: profile.id, revision: profile.revision, owner: owners.get(id) ?? null, ...life, fields: publicProfileFields(profile.fields) });
  }

  /** Every payment, in id order: its state, counter, next charge and owner. */
  async payments(): Promise<ListedPayment[]> {
    const listed: ListedPayment[] = [];
    for (const profile of await this.#parts.profiles.list()) {
      const life = await this.#parts.recurring.life(profile.id);
      if (life === undefined) continue;
      listed.push({
        id: profile.id,
        state: life.state,
        currentRepeatsNumber: life.currentRepeatsNumber,
        nextChargeDate: life.state === 'active' ? (life.upcoming[0]?.date ?? null) : null,
        merchant: this.#parts.owners.get(profile.id) ?? null,
      });
    }
    return listed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Creates a payment from a profile (wire or camelCase names), owned by `owner`; a start-date of today with type auto is charged at once. */
  async createPayment(body: Record<string, unknown>, owner: PaymentOwner | null): Promise<ActionResult<PaymentView>> {
    const fields = readNewProfile(body);
    if (!('fields' in fields)) return fields;
    const id = fields.fields['recurring-payment-id'] as string;
    const { result } = await this.#parts.profiles.update([id], (current) => {
      if (current.get(id)) return { refuse: false };
      // Under the store's lock, before the payment exists: no update can claim it first.
      if (owner !== null) this.#parts.owners.claim(id, owner);
      return { store: new Map([[id, fields.fields]]), result: true };
    });
    if (!result) return refused(409, 'a recurring payment with this id exists');
    await this.#parts.recurring.runThrough();
    return this.payment(id);
  }

  /** A manual stop from today (see {@link RecurringEngine.stop}). */
  async stopPayment(id: string): Promise<ActionResult<PaymentView>> {
    if (!(await this.#parts.recurring.stop(id))) return refused(404, 'no recurring payment has this id');
    return this.payment(id);
  }

  /** Sends one charge's callback again now, as a new delivery with its own attempts. */
  async resendCharge(id: string, orderid: string): Promise<ActionResult<PaymentView>> {
    const cap = this.#resendCap(orderid);
    if (cap !== undefined) return cap;
    if (!(await this.#parts.recurring.resendCallback(id, orderid))) return refused(404, 'no charge of this recurring payment has this orderid');
    this.#resends.set(orderid, (this.#resends.get(orderid) ?? 0) + 1);
    return this.payment(id);
  }

  /** Sends an order's callback again with its final status: a transfer's, a pan-eligibility check's or a recurring charge's. */
  async resendOrder(orderid: string): Promise<ActionResult<OrderView>> {
    const cap = this.#resendCap(orderid);
    if (cap !== undefined) return cap;
    let sent = await this.#parts.orders.resend(orderid);
    if (sent === false) {
      const charge = await this.#parts.recurring.order(orderid);
      sent = charge !== undefined && (await this.#parts.recurring.resendCallback(charge.recurringPaymentId, orderid));
    }
    if (sent === 'processing') return refused(409, 'the order is still processing: its callback is sent once it has its final status');
    if (sent === 'busy')
      return refused(429, `${MAX_PENDING_CALLBACKS} callbacks of this order are still being delivered: re-send it once one is delivered or given up`);
    if (!sent) return refused(404, 'no order has this orderid');
    this.#resends.set(orderid, (this.#resends.get(orderid) ?? 0) + 1);
    return this.order(orderid);
  }

  // Each re-send is a new delivery with up to 30 attempts: a loop of POSTs must not make thousands.
  #resendCap(orderid: string): ActionResult<never> | undefined {
    const count = this.#resends.get(orderid) ?? 0;
    return count >= MAX_RESENDS_PER_ORDER
      ? refused(429, `this order's callback was re-sent ${count} times already (at most ${MAX_RESENDS_PER_ORDER})`)
      : undefined;
  }

  /** An order by the gateway's order id: a transfer's or pan-eligibility check's, or a recurring charge's. */
  async order(orderid: string): Promise<ActionResult<OrderView>> {
    const placed = this.#parts.orders.get(orderid);
    if (placed !== undefined) return done(placed);
    const charge = await this.#parts.recurring.order(orderid);
    if (charge === undefined) return refused(404, 'no order has this orderid');
    const owner = this.#parts.owners.get(charge.recurringPaymentId);
    return done({
      orderid,
      operation: 'recurring-charge',
      status: charge.status,
      merchantOrderId: charge.merchantOrderId,
      ...(owner !== undefined && { login: owner.login }),
      recurringPaymentId: charge.recurringPaymentId,
      callbacks: charge.callbacks,
    });
  }

  /** The newest orders of transfers and pan-eligibility checks, newest first. */
  orders(limit: number): OrderView[] {
    return this.#parts.orders.list(limit);
  }

  /** Sets an order's final status now, even one already final, and sends a new callback. */
  async setOutcome(orderid: string, outcome: unknown): Promise<ActionResult<OrderView>> {
    if (!isFinalOutcome(outcome)) return refused(400, `outcome must be one of ${FINAL_OUTCOMES.join(', ')}`);
    const placed = await this.#parts.orders.setOutcome(orderid, outcome);
    const set = placed === false ? await this.#parts.recurring.setOutcome(orderid, outcome) : placed;
    if (set === 'busy')
      return refused(429, `${MAX_PENDING_CALLBACKS} callbacks of this order are still being delivered: set it again once one is delivered or given up`);
    if (!set) return refused(404, 'no order has this orderid');
    return this.order(orderid);
  }

  /** Today and the clock's mode. */
  clock(): { today: string; clock: 'system' | 'virtual' } {
    return { today: dateOf(this.#parts.clock.today()), clock: this.#parts.clock.mode };
  }

  /**
   * Moves the virtual clock (`advanceDays` 0-3660, or `today`, never backwards) and runs every
   * charge that falls due in between. The target is read when this step's turn comes: concurrent
   * steps add up (four `advanceDays: 1` move the clock four days).
   */
  async moveClock(step: { advanceDays?: unknown; today?: unknown }): Promise<ActionResult<{ today: string; charges: ChargeRecord[] }>> {
    const { clock, recurring } = this.#parts;
    if (clock.mode !== 'virtual') return refused(409, 'the clock is the system clock; start the emulator with the virtual clock to move it');
    const target = clockTarget(step, clock.today());
    if (typeof target === 'string') return refused(400, target);
    let reached = clock.today();
    const charges = await recurring.runThrough((today) => (reached = target(today)));
    return done({ today: dateOf(reached), charges });
  }
}

/** A clock step's target as a function of the day its turn comes, or why the step is refused. */
function clockTarget(step: { advanceDays?: unknown; today?: unknown }, today: number): ((today: number) => number) | string {
  if (step.advanceDays !== undefined && step.today === undefined) {
    const days = step.advanceDays;
    if (typeof days !== 'number' || !Number.isSafeInteger(days) || days < 0 || days > MAX_ADVANCE_DAYS)
      return `advanceDays must be a whole number from 0 to ${MAX_ADVANCE_DAYS}`;
    return (from) => from + days;
  }
  if (step.today === undefined || step.advanceDays !== undefined) return 'send exactly one of advanceDays or today';
  const day = typeof step.today === 'string' ? epochDayOf(step.today) : undefined;
  if (day === undefined) return 'today must be a DD.MM.YYYY date that exists';
  // Checked against today as it is now; by the step's turn the clock can only have moved on.
  if (day < today) return "today must not be before the emulator's today: the clock never goes backwards";
  if (day - today > MAX_ADVANCE_DAYS) return `today must be at most ${MAX_ADVANCE_DAYS} days ahead`;
  return (from) => Math.max(from, day);
}

/** A new profile as sent, validated (its schedule by the spec's rules) and without cvv2, whatever the store. */
function readNewProfile(body: Record<string, unknown>): { fields: Record<string, string> } | { ok: false; status: number; error: string; issues?: string[] } {
  let fields: Record<string, string>;
  try {
    fields = withoutNeverStored(parseProfiles(JSON.stringify([body]))[0] as Record<string, string>);
  } catch (error) {
    if (error instanceof EmulatorError) return refused(400, error.message);
    throw error;
  }
  if (fields.period === undefined || fields.period === '') return { fields };
  try {
    readScheduleRules(fields);
  } catch (error) {
    if (error instanceof GatewayValidationError)
      return refused(
        400,
        'the schedule breaks the spec',
        error.issues.map((issue) => describeIssue(issue)),
      );
    throw error;
  }
  return { fields };
}
