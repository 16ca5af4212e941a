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

/** An order as the book holds it: {@link NewOrder} with its status and callbacks. */
export interface Order extends NewOrder {
  status: 'processing' | FinalOutcome;
  callbacks: CallbackDelivery[];
  callbackProblem?: string;
  /** When a `processing` order gets its outcome (ms since the epoch). */
  decideAt?: number;
  /** The full address (signed query included) of each callback it keeps (a state keeps the pending ones'). */
  targets: Map<CallbackDelivery, string>;
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
  const { targets, callbacks, ...kept } = order;
  return {
    ...kept,
    callbacks: callbacks.map((delivery) => {
      const target = delivery.state === 'pending' ? targets.get(delivery) : undefined;
      return target === undefined ? { ...delivery } : { ...delivery, target };
    }),
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
  const { callbacks: _callbacks, ...kept } = record;
  return { ...kept, callbacks: [], targets: new Map() };
}
