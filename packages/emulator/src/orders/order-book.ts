import type { CallbackDelivery, CallbackSender } from '../callbacks/callback-sender.js';
import { callbackTarget } from '../callbacks/callback-url.js';
import type { EmulatorLog } from '../log.js';
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
  /**
   * Gives the order its final status now (again, if it was final) and sends a new callback;
   * `false` for an unknown id, `'busy'` while {@link MAX_PENDING_CALLBACKS} of its callbacks are
   * still being delivered (so a loop of triggers cannot queue callbacks without end).
   */
  setOutcome(orderid: string, outcome: FinalOutcome): Promise<boolean | 'busy'>;
  /** Resolves once no order waits for its outcome. */
  decided(): Promise<void>;
  /** Cancels the outcomes still waiting. */
  stop(): void;
}

export interface OrderBookOptions {
  /** How long an order stays `processing`, in ms of real time. */
  outcomeDelayMs: number;
  sender: CallbackSender;
  log: EmulatorLog;
  /** The merchant's callback address, read when the callback is sent. */
  callbackUrlFor(login: string): string | undefined;
  controlKeyFor(login: string): string | undefined;
  /** Most orders kept; past it the oldest final one is forgotten. */
  capacity: number;
}

/** Most callbacks of one order still being delivered; a further outcome waits until one is delivered or given up. */
export const MAX_PENDING_CALLBACKS = 5;

interface Order extends NewOrder {
  status: 'processing' | FinalOutcome;
  callbacks: CallbackDelivery[];
  callbackProblem?: string;
  timer?: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Creates the order book of one emulator (memory only).
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

  function forgetOldest(): void {
    for (const [orderid, order] of orders) {
      if (orders.size <= options.capacity) return;
      if (order.status !== 'processing') orders.delete(orderid);
    }
  }

  async function finish(order: Order, outcome: FinalOutcome): Promise<void> {
    if (order.timer !== undefined) {
      clearTimeout(order.timer);
      order.timer = undefined;
      waiting--;
    }
    order.status = outcome;
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
    options.sender.send(delivery, target.url, label);
  }

  return {
    open(created) {
      const order: Order = { ...created, status: 'processing', callbacks: [] };
      orders.set(order.orderid, order);
      waiting++;
      order.timer = setTimeout(() => {
        void finish(order, created.outcome ?? 'approved').finally(settle);
      }, options.outcomeDelayMs);
      // A waiting outcome never keeps a process alive on its own: the server does.
      if (typeof order.timer === 'object' && 'unref' in order.timer) order.timer.unref();
      if (orders.size > options.capacity) forgetOldest();
    },
    get(orderid) {
      const order = orders.get(orderid);
      if (order === undefined) return undefined;
      return {
        orderid: order.orderid,
        operation: order.operation,
        status: order.status,
        merchantOrderId: order.merchantOrderId,
        login: order.login,
        callbacks: order.callbacks.map((delivery) => ({ ...delivery })),
        ...(order.callbackProblem !== undefined && { callbackProblem: order.callbackProblem }),
      };
    },
    async setOutcome(orderid, outcome) {
      const order = orders.get(orderid);
      if (order === undefined) return false;
      if (order.callbacks.filter((delivery) => delivery.state === 'pending').length >= MAX_PENDING_CALLBACKS) return 'busy';
      await finish(order, outcome);
      settle();
      return true;
    },
    decided: () => (waiting === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
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
