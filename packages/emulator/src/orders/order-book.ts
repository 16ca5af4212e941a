import { MAX_PENDING_CALLBACKS, type CallbackDelivery, type CallbackSender } from '../callbacks/callback-sender.js';
import { callbackTarget } from '../callbacks/callback-url.js';
import { watchedDelivery } from '../callbacks/watched-delivery.js';
import type { EmulatorLog } from '../log.js';
import type { OrderRecord } from './order-record.js';
import type { FinalOutcome } from './test-cards.js';

/**
 * An order of a transfer or a pan-eligibility check, as `GET /emulator/orders/{orderid}` shows it.
 *
 * @example
 * ```ts
 * import type { OrderView } from '@paysign/emulator';
 *
 * const order: OrderView | undefined = emulator.orders.get('12');
 * if (order?.status === 'processing') console.log('the outcome comes after --outcome-delay-ms');
 * ```
 */
export interface OrderView {
  /** The gateway's order id (`paynet-order-id` of the reply). */
  orderid: string;
  operation: 'transfer' | 'pan-eligibility/send' | 'recurring-charge';
  status: 'processing' | FinalOutcome;
  /** The merchant's own order id, as it sent it (empty when it sent none). */
  merchantOrderId: string;
  /** The merchant that placed it (absent for a recurring charge no merchant owns). */
  login?: string;
  /** The amount it was sent with (a transfer's), as sent. */
  amount?: string;
  /** Set for a recurring charge: the payment it belongs to. */
  recurringPaymentId?: string;
  /** Every callback sent for it, oldest first. */
  callbacks: CallbackDelivery[];
  /** Why no callback was sent, when none could be. */
  callbackProblem?: string;
}

/**
 * What an operation hands to the order book when it accepts a request.
 *
 * @example
 * ```ts
 * import type { NewOrder } from '@paysign/emulator';
 *
 * const order: NewOrder = { orderid: '12', operation: 'transfer', merchantOrderId: 'o-1', login: 'merchant', amount: '10.00', outcome: 'declined' };
 * emulator.orders.open(order); // declined after the outcome delay, with a callback
 * ```
 */
export interface NewOrder {
  orderid: string;
  operation: 'transfer' | 'pan-eligibility/send';
  merchantOrderId: string;
  login: string;
  amount?: string;
  /** The outcome its cards call for (a test card); approved when absent. */
  outcome?: FinalOutcome;
}

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

export interface OrderBookOptions {
  /** How long an order stays `processing`, in ms of real time. */
  outcomeDelayMs: number;
  sender: CallbackSender;
  log: EmulatorLog;
  /** The merchant's callback address, read when the callback is sent. */
  callbackUrlFor(login: string): string | undefined;
  controlKeyFor(login: string): string | undefined;
  /** Most orders kept; past it the oldest final and delivered ones are forgotten (one still owed a callback never). */
  capacity: number;
  /** Told the id of each order that changed (opened, decided, forgotten, a callback's progress): `--state` writes it. */
  onChange?(orderid: string): void;
}

interface Order extends NewOrder {
  status: 'processing' | FinalOutcome;
  callbacks: CallbackDelivery[];
  callbackProblem?: string;
  /** When a `processing` order gets its outcome (ms since the epoch). */
  decideAt?: number;
  timer?: ReturnType<typeof setTimeout> | undefined;
  /** The full address (signed query included) of each callback still being delivered. */
  targets: Map<CallbackDelivery, string>;
}

/**
 * Creates the order book of one emulator (in memory; with `onChange`, `--state` keeps it).
 *
 * @example
 * ```ts
 * const orders = createOrderBook({ outcomeDelayMs: 1000, sender, log, callbackUrlFor, controlKeyFor, capacity: 100_000 });
 * orders.open({ orderid: '1', operation: 'transfer', merchantOrderId: 'o-1', login: 'merchant' });
 * ```
 */
export function createOrderBook(options: OrderBookOptions): OrderBook {
  const orders = new Map<string, Order>();
  let waiting = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (waiting > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const changed = (orderid: string): void => options.onChange?.(orderid);

  // Only what is final and delivered goes: never an order still processing, never one whose
  // callback is still owed (pending). The map keeps the order of opening, so the oldest go first.
  function forgetOldest(): void {
    for (const [orderid, order] of orders) {
      if (orders.size <= options.capacity) return;
      if (order.status !== 'processing' && order.targets.size === 0) {
        orders.delete(orderid);
        changed(orderid);
      }
    }
  }

  // The outcome of a `processing` order, when its time comes.
  function decideLater(order: Order, outcome: FinalOutcome): void {
    waiting++;
    order.timer = setTimeout(
      () => {
        void finish(order, outcome).finally(settle);
      },
      Math.max(0, (order.decideAt ?? 0) - Date.now()),
    );
    // A waiting outcome never keeps a process alive on its own: the server does.
    if (typeof order.timer === 'object' && 'unref' in order.timer) order.timer.unref();
  }

  // Sends (or, restored, resumes) one callback of `order`, its progress reported as a change.
  function deliver(order: Order, delivery: CallbackDelivery, target: string): void {
    order.targets.set(delivery, target);
    const watched = watchedDelivery(delivery, () => {
      if (delivery.state !== 'pending') order.targets.delete(delivery);
      changed(order.orderid);
    });
    options.sender.send(watched, new URL(target), `${order.operation} ${order.merchantOrderId}`.trim());
  }

  async function finish(order: Order, outcome: FinalOutcome): Promise<void> {
    if (order.timer !== undefined) {
      clearTimeout(order.timer);
      order.timer = undefined;
      waiting--;
    }
    order.status = outcome;
    delete order.decideAt;
    changed(order.orderid);
    const address = options.callbackUrlFor(order.login);
    const label = `${order.operation} ${order.merchantOrderId}`.trim();
    if (address === undefined) {
      order.callbackProblem = 'not sent: the merchant has no callback address (--callback-url, or callbackUrl of the merchant)';
      options.log({ kind: 'callback', recurringPaymentId: label, orderid: order.orderid, url: '-', attempt: 0, outcome: order.callbackProblem });
      return;
    }
    const target = await callbackTarget(address, options.controlKeyFor(order.login), {
      orderid: order.orderid,
      merchantOrder: order.merchantOrderId,
      status: outcome,
      type: order.operation === 'transfer' ? 'transfer' : 'pan-eligibility',
      ...(order.amount !== undefined && { amount: order.amount }),
    });
    if ('notSent' in target) {
      order.callbackProblem = target.notSent;
      options.log({ kind: 'callback', recurringPaymentId: label, orderid: order.orderid, url: target.shown, attempt: 0, outcome: target.notSent });
      return;
    }
    delete order.callbackProblem;
    const delivery: CallbackDelivery = { orderid: order.orderid, url: target.shown, attempts: 0, lastStatus: null, state: 'pending' };
    order.callbacks.push(delivery);
    deliver(order, delivery, target.url.href);
  }

  return {
    open(created) {
      const order: Order = { ...created, status: 'processing', callbacks: [], decideAt: Date.now() + options.outcomeDelayMs, targets: new Map() };
      orders.set(order.orderid, order);
      changed(order.orderid);
      decideLater(order, created.outcome ?? 'approved');
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
      if (order.callbacks.filter((delivery) => delivery.state === 'pending').length >= MAX_PENDING_CALLBACKS) return 'busy';
      await finish(order, outcome);
      settle();
      return true;
    },
    async resend(orderid) {
      const order = orders.get(orderid);
      if (order === undefined) return false;
      if (order.status === 'processing') return 'processing';
      if (order.callbacks.filter((delivery) => delivery.state === 'pending').length >= MAX_PENDING_CALLBACKS) return 'busy';
      await finish(order, order.status);
      return true;
    },
    decided: () => (waiting === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    snapshot(orderids) {
      const records: { orderid: string; record: OrderRecord | null }[] = [];
      for (const orderid of orderids) {
        const order = orders.get(orderid);
        records.push({ orderid, record: order === undefined ? null : recordOf(order) });
      }
      return records;
    },
    restore(records) {
      for (const record of records) {
        const { callbacks, ...kept } = record;
        const order: Order = { ...kept, callbacks: [], targets: new Map() };
        orders.set(order.orderid, order);
        for (const { target, ...delivery } of callbacks) {
          order.callbacks.push(delivery);
          if (delivery.state === 'pending' && target !== undefined) deliver(order, delivery, target);
        }
        if (order.status === 'processing') decideLater(order, order.outcome ?? 'approved');
      }
    },
    stop() {
      for (const order of orders.values()) {
        if (order.timer === undefined) continue;
        clearTimeout(order.timer);
        order.timer = undefined;
        waiting--;
      }
      settle();
    },
  };
}

function viewOf(order: Order): OrderView {
  return {
    orderid: order.orderid,
    operation: order.operation,
    status: order.status,
    merchantOrderId: order.merchantOrderId,
    login: order.login,
    ...(order.amount !== undefined && { amount: order.amount }),
    callbacks: order.callbacks.map((delivery) => ({ ...delivery })),
    ...(order.callbackProblem !== undefined && { callbackProblem: order.callbackProblem }),
  };
}

/** An order as a state keeps it: its own fields, and each callback with its full address while it is pending. */
function recordOf(order: Order): OrderRecord {
  const { timer: _timer, targets, callbacks, ...kept } = order;
  return {
    ...kept,
    callbacks: callbacks.map((delivery) => {
      const target = targets.get(delivery);
      return target === undefined ? { ...delivery } : { ...delivery, target };
    }),
  };
}
