import type { OrderBook, OrderStore } from '../orders/order-book.js';
import type { OrderRecord } from '../orders/order-record.js';
import { createOutcomeTimers } from '../orders/outcome-timers.js';
import type { ChangeLog } from './change-log.js';

/**
 * The core's orders of transfers and pan-eligibility checks: opened, decided when their outcome
 * delay is over (the core's timers), set by a trigger, re-sent; each order changed (forgotten
 * ones too) recorded in the core's change log (`changes`; none in memory). `resume` puts back
 * the orders of a saved state, the `processing` ones decided when due.
 *
 * @example
 * ```ts
 * const { orders, resume } = orderOperations(store, changes, 1000);
 * orders.open({ orderid: '1', operation: 'transfer', merchantOrderId: 'o-1', login: 'merchant' });
 * ```
 */
export function orderOperations(
  store: OrderStore,
  changes: ChangeLog | undefined,
  outcomeDelayMs: number,
): { orders: OrderBook; resume(records: readonly OrderRecord[]): void } {
  const record = (orderid: string): void => changes?.order(orderid);
  const timers = createOutcomeTimers(async (orderid) => {
    if (await store.decide(orderid)) record(orderid);
  });
  const orders: OrderBook = {
    open(order) {
      const decideAt = Date.now() + outcomeDelayMs;
      const forgotten = store.open(order, decideAt);
      record(order.orderid);
      for (const orderid of forgotten) record(orderid);
      timers.later(order.orderid, decideAt);
    },
    get: (orderid) => store.get(orderid),
    list: (limit) => store.list(limit),
    async setOutcome(orderid, outcome) {
      const set = await store.setOutcome(orderid, outcome);
      if (set === true) {
        timers.cancel(orderid);
        record(orderid);
      }
      return set;
    },
    async resend(orderid) {
      const sent = await store.resend(orderid);
      if (sent === true) record(orderid);
      return sent;
    },
    decided: () => timers.decided(),
    stop: () => timers.stop(),
  };
  return {
    orders,
    resume(records) {
      for (const { orderid, decideAt } of store.restore(records)) timers.later(orderid, decideAt);
    },
  };
}
