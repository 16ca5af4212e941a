import type { CallbackDelivery } from '../callbacks/callback-sender.js';
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
 * An order as the book holds it: {@link NewOrder} with its status and callbacks. Every field is
 * always present (`undefined` when unset) and none is ever deleted, so that all orders share one
 * shape (a deleted property gives each order a dictionary of its own, about 400 bytes more).
 */
export interface Order {
  readonly orderid: string;
  readonly operation: NewOrder['operation'];
  readonly merchantOrderId: string;
  readonly login: string;
  readonly amount: string | undefined;
  /** The outcome its cards call for (a test card); approved when `undefined`. */
  readonly outcome: FinalOutcome | undefined;
  status: 'processing' | FinalOutcome;
  callbacks: CallbackDelivery[];
  callbackProblem: string | undefined;
  /** When a `processing` order gets its outcome (ms since the epoch). */
  decideAt: number | undefined;
  /**
   * The full address (signed query included) of each callback still being delivered (a state
   * keeps them), made with the first and dropped with the last.
   */
  targets: Map<CallbackDelivery, string> | undefined;
}

/**
 * An order as the book holds it, from what an operation accepted (or a state kept).
 *
 * @example
 * ```ts
 * const order = newOrder({ orderid: '12', operation: 'transfer', merchantOrderId: 'o-1', login: 'merchant' }, 'processing', Date.now() + 1000);
 * ```
 */
export function newOrder(created: NewOrder, status: Order['status'], decideAt: number | undefined, callbackProblem?: string): Order {
  return {
    orderid: created.orderid,
    operation: created.operation,
    merchantOrderId: created.merchantOrderId,
    login: created.login,
    amount: created.amount,
    outcome: created.outcome,
    status,
    callbacks: [],
    callbackProblem,
    decideAt,
    targets: undefined,
  };
}

/**
 * An order as the admin API shows it (copies: nothing the caller changes reaches the book).
 *
 * @example
 * ```ts
 * const view = viewOf(order);
 * ```
 */
export function viewOf(order: Order): OrderView {
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

/**
 * An order as a state keeps it: its own fields, and each callback with its full address while it is pending.
 *
 * @example
 * ```ts
 * const record = recordOf(order);
 * ```
 */
export function recordOf(order: Order): OrderRecord {
  return {
    orderid: order.orderid,
    operation: order.operation,
    merchantOrderId: order.merchantOrderId,
    login: order.login,
    ...(order.amount !== undefined && { amount: order.amount }),
    ...(order.outcome !== undefined && { outcome: order.outcome }),
    status: order.status,
    ...(order.decideAt !== undefined && { decideAt: order.decideAt }),
    callbacks: order.callbacks.map((delivery) => {
      const target = delivery.state === 'pending' ? order.targets?.get(delivery) : undefined;
      return target === undefined ? { ...delivery } : { ...delivery, target };
    }),
    ...(order.callbackProblem !== undefined && { callbackProblem: order.callbackProblem }),
  };
}

/**
 * An order a state kept, back as the book holds it (its callbacks not yet resumed).
 *
 * @example
 * ```ts
 * const order = orderOf(record);
 * ```
 */
export function orderOf(record: OrderRecord): Order {
  return newOrder(record, record.status, record.decideAt, record.callbackProblem);
}
