import { MAX_PENDING_CALLBACKS, type CallbackDelivery } from '../callbacks/callback-sender.js';
import { newOrder, orderOf, recordOf, viewOf, type NewOrder, type Order, type OrderView } from './order.js';
import { callBackOrder, deliver, forgetTarget, type OrderCallbackContext } from './order-callback.js';
import type { OrderRecord } from './order-record.js';
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
}

/**
 * The orders as the emulator's core holds them (the core's {@link OrderBook} adds the outcome
 * timers and records each change): opened with the time their outcome is due, decided, set,
 * re-sent, and as a state keeps them.
 */
export interface OrderStore extends Pick<OrderBook, 'get' | 'list' | 'setOutcome' | 'resend'> {
  /** Opens `order`, due at `decideAt` (ms since the epoch); returns the ids of the orders forgotten to make room. */
  open(order: NewOrder, decideAt: number): string[];
  /** Gives a `processing` order the outcome its cards call for; `false` when it is not (or no longer) processing. */
  decide(orderid: string): Promise<boolean>;
  /** A callback delivery of `orderid` has a result: its full address is dropped once it is final. */
  settled(orderid: string, delivery: CallbackDelivery): void;
  /** Each of `orderids` as a state keeps it (`null` for one the book no longer holds). */
  records(orderids: Iterable<string>): { orderid: string; record: OrderRecord | null }[];
  /**
   * Puts back the orders a state kept, each callback still being delivered resumed from the
   * attempt it had reached; resolves to the ones still `processing`, for the core to decide when due.
   */
  restore(records: readonly OrderRecord[]): { orderid: string; decideAt: number }[];
}

/** How many orders are kept, and how their merchants are called back. */
export interface OrderStoreOptions extends OrderCallbackContext {
  /** Most orders kept; past it the oldest final and delivered ones are forgotten (one still owed a callback never). */
  capacity: number;
}

/**
 * Creates the orders of one emulator, in memory. Its parts: the orders' shapes and views
 * (order.ts), their callbacks (order-callback.ts).
 *
 * @example
 * ```ts
 * const orders = createOrderStore({ sender, log, callbackUrlFor, controlKeyFor, capacity: 100_000 });
 * orders.open({ orderid: '1', operation: 'transfer', merchantOrderId: 'o-1', login: 'merchant' }, Date.now() + 1000);
 * ```
 */
export function createOrderStore(options: OrderStoreOptions): OrderStore {
  const orders = new Map<string, Order>();
  const pendingCallbacks = (order: Order): number => order.callbacks.filter((delivery) => delivery.state === 'pending').length;

  async function finish(order: Order, outcome: FinalOutcome): Promise<void> {
    order.status = outcome;
    order.decideAt = undefined;
    await callBackOrder(options, order, outcome);
  }

  // Only what is final and delivered goes: never an order still processing, never one whose
  // callback is still owed (pending). The map keeps the order of opening, so the oldest go first.
  function forgetOldest(): string[] {
    const forgotten: string[] = [];
    for (const [orderid, order] of orders) {
      if (orders.size <= options.capacity) break;
      if (order.status !== 'processing' && (order.targets?.size ?? 0) === 0) {
        orders.delete(orderid);
        forgotten.push(orderid);
      }
    }
    return forgotten;
  }

  return {
    open(created, decideAt) {
      const order = newOrder(created, 'processing', decideAt);
      orders.set(order.orderid, order);
      return orders.size > options.capacity ? forgetOldest() : [];
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
    async decide(orderid) {
      const order = orders.get(orderid);
      if (order?.status !== 'processing') return false;
      await finish(order, order.outcome ?? 'approved');
      return true;
    },
    async setOutcome(orderid, outcome) {
      const order = orders.get(orderid);
      if (order === undefined) return false;
      if (pendingCallbacks(order) >= MAX_PENDING_CALLBACKS) return 'busy';
      await finish(order, outcome);
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
    settled(orderid, delivery) {
      if (delivery.state !== 'pending') forgetTarget(orders.get(orderid), delivery);
    },
    records: (orderids) =>
      [...orderids].map((orderid) => {
        const order = orders.get(orderid);
        return { orderid, record: order === undefined ? null : recordOf(order) };
      }),
    restore(records) {
      const processing: { orderid: string; decideAt: number }[] = [];
      for (const record of records) {
        const order = orderOf(record);
        orders.set(order.orderid, order);
        for (const { target, ...delivery } of record.callbacks) {
          order.callbacks.push(delivery);
          if (delivery.state === 'pending' && target !== undefined) deliver(options, order, delivery, target);
        }
        if (order.status === 'processing') processing.push({ orderid: order.orderid, decideAt: order.decideAt ?? 0 });
      }
      return processing;
    },
  };
}
