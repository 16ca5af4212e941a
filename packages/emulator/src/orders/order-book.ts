import { MAX_PENDING_CALLBACKS } from '../callbacks/callback-sender.js';
import { orderOf, recordOf, viewOf, type NewOrder, type Order, type OrderView } from './order.js';
import { callBackOrder, deliver, type OrderCallbackContext } from './order-callback.js';
import type { OrderRecord } from './order-record.js';
import { createOutcomeTimers } from './outcome-timers.js';
import type { FinalOutcome } from './test-cards.js';

/**
 * The orders of transfers and pan-eligibility checks: each is `processing` when answered and
 * reaches its final status after the outcome delay (or at once through {@link OrderBook.setOutcome}),
 * then calls back the merchant's callback address.
 *
 * @example
 * ```ts
 * import type { OrderBook } from '@paysign/emulator';
 *
 * const orders: OrderBook = emulator.orders;
 * await orders.setOutcome('12', 'declined'); // final now, with a new callback
 * ```
 */
export interface OrderBook {
  open(order: NewOrder): void;
  get(orderid: string): OrderView | undefined;
  /** The newest `limit` orders, newest first. */
  list(limit: number): OrderView[];
  /**
   * Gives the order its final status now (again, if it was final) and sends a new callback;
   * `false` for an unknown id, `'busy'` while {@link MAX_PENDING_CALLBACKS} of its callbacks are
   * still being delivered (so a loop of triggers cannot queue callbacks without end).
   */
  setOutcome(orderid: string, outcome: FinalOutcome): Promise<boolean | 'busy'>;
  /**
   * Sends the callback of a final order again with its status, as a new delivery; `false` for an
   * unknown id, `'processing'` while it has no final status yet, `'busy'` as for {@link OrderBook.setOutcome}.
   */
  resend(orderid: string): Promise<boolean | 'busy' | 'processing'>;
  /** Resolves once no order waits for its outcome. */
  decided(): Promise<void>;
  /** Cancels the outcomes still waiting. */
  stop(): void;
  /** Each of `orderids` as a state keeps it (`null` for one the book no longer holds). */
  snapshot(orderids: Iterable<string>): { orderid: string; record: OrderRecord | null }[];
  /**
   * Puts back the orders a state kept: one still `processing` is decided when its time comes (at
   * once if it passed while the emulator was stopped), and each callback still being delivered
   * is resumed from the attempt it had reached.
   */
  restore(records: readonly OrderRecord[]): void;
}

/** How long orders stay `processing`, how many are kept, and how their merchants are called back. */
export interface OrderBookOptions extends Omit<OrderCallbackContext, 'changed'> {
  /** How long an order stays `processing`, in ms of real time. */
  outcomeDelayMs: number;
  /** Most orders kept; past it the oldest final and delivered ones are forgotten (one still owed a callback never). */
  capacity: number;
  /** Told the id of each order that changed (opened, decided, forgotten, a callback's progress): `--state` writes it. */
  onChange?(orderid: string): void;
}

/**
 * Creates the order book of one emulator (in memory; with `onChange`, `--state` keeps it). Its
 * parts: the orders' shapes and views (order.ts), their callbacks (order-callback.ts), the timers
 * of their outcomes (outcome-timers.ts).
 *
 * @example
 * ```ts
 * const orders = createOrderBook({ outcomeDelayMs: 1000, sender, log, callbackUrlFor, controlKeyFor, capacity: 100_000 });
 * orders.open({ orderid: '1', operation: 'transfer', merchantOrderId: 'o-1', login: 'merchant' });
 * ```
 */
export function createOrderBook(options: OrderBookOptions): OrderBook {
  const orders = new Map<string, Order>();
  const context: OrderCallbackContext = { ...options, changed: (orderid) => options.onChange?.(orderid) };
  const pendingCallbacks = (order: Order): number => order.callbacks.filter((delivery) => delivery.state === 'pending').length;

  async function finish(order: Order, outcome: FinalOutcome): Promise<void> {
    timers.cancel(order);
    order.status = outcome;
    delete order.decideAt;
    context.changed(order.orderid);
    await callBackOrder(context, order, outcome);
  }
  const timers = createOutcomeTimers(finish);

  // Only what is final and delivered goes: never an order still processing, never one whose
  // callback is still owed (pending). The map keeps the order of opening, so the oldest go first.
  function forgetOldest(): void {
    for (const [orderid, order] of orders) {
      if (orders.size <= options.capacity) return;
      if (order.status !== 'processing' && order.targets.size === 0) {
        orders.delete(orderid);
        context.changed(orderid);
      }
    }
  }

  return {
    open(created) {
      const order: Order = { ...created, status: 'processing', callbacks: [], decideAt: Date.now() + options.outcomeDelayMs, targets: new Map() };
      orders.set(order.orderid, order);
      context.changed(order.orderid);
      timers.later(order, created.outcome ?? 'approved');
      if (orders.size > options.capacity) forgetOldest();
    },
    get(orderid) {
      const order = orders.get(orderid);
      return order === undefined ? undefined : viewOf(order);
    },
    list(limit) {
      // The map keeps the order of opening: the newest are its last entries.
      const all = [...orders.values()];
      return all
        .slice(Math.max(0, all.length - limit))
        .reverse()
        .map(viewOf);
    },
    async setOutcome(orderid, outcome) {
      const order = orders.get(orderid);
      if (order === undefined) return false;
      if (pendingCallbacks(order) >= MAX_PENDING_CALLBACKS) return 'busy';
      await finish(order, outcome);
      timers.settle();
      return true;
    },
    async resend(orderid) {
      const order = orders.get(orderid);
      if (order === undefined) return false;
      if (order.status === 'processing') return 'processing';
      if (pendingCallbacks(order) >= MAX_PENDING_CALLBACKS) return 'busy';
      await finish(order, order.status);
      return true;
    },
    decided: () => timers.decided(),
    snapshot: (orderids) =>
      [...orderids].map((orderid) => {
        const order = orders.get(orderid);
        return { orderid, record: order === undefined ? null : recordOf(order) };
      }),
    restore(records) {
      for (const record of records) {
        const order = orderOf(record);
        orders.set(order.orderid, order);
        for (const { target, ...delivery } of record.callbacks) {
          order.callbacks.push(delivery);
          if (delivery.state === 'pending' && target !== undefined) deliver(context, order, delivery, target);
        }
        if (order.status === 'processing') timers.later(order, order.outcome ?? 'approved');
      }
    },
    stop() {
      for (const order of orders.values()) timers.cancel(order);
      timers.settle();
    },
  };
}
