import type { CallbackDelivery, CallbackSender } from '../callbacks/callback-sender.js';
import { callbackTarget } from '../callbacks/callback-url.js';
import type { EmulatorLog } from '../log.js';
import type { Order } from './order.js';
import type { FinalOutcome } from './test-cards.js';

/** What calling a merchant back about its order needs. */
export interface OrderCallbackContext {
  sender: CallbackSender;
  log: EmulatorLog;
  /** The merchant's callback address, read when the callback is sent. */
  callbackUrlFor(login: string): string | undefined;
  controlKeyFor(login: string): string | undefined;
}

/** Most deliveries an order keeps: past it the oldest delivered or given up go; a pending one always stays. */
export const MAX_DELIVERIES_KEPT = 20;

const labelOf = (order: Order): string => `${order.operation} ${order.merchantOrderId}`.trim();

/**
 * Sends (or, restored, resumes) one callback of `order` to `target`; the address is kept with the
 * order (a state keeps it while the delivery is pending).
 *
 * @example
 * ```ts
 * deliver(context, order, delivery, 'https://merchant.example/callback?orderid=12&control=...');
 * ```
 */
export function deliver(context: OrderCallbackContext, order: Order, delivery: CallbackDelivery, target: string): void {
  (order.targets ??= new Map()).set(delivery, target);
  context.sender.send(delivery, new URL(target), { kind: 'order', id: order.orderid, label: labelOf(order) });
}

/**
 * Forgets the address of one of `order`'s deliveries (delivered, given up or dropped), and the
 * map of addresses with its last one.
 *
 * @example
 * ```ts
 * forgetTarget(order, delivery);
 * ```
 */
export function forgetTarget(order: Order | undefined, delivery: CallbackDelivery): void {
  if (order?.targets?.delete(delivery) === true && order.targets.size === 0) order.targets = undefined;
}

/** Notes why an order's callback could not be sent, on the order and in the log. */
function notSent(context: OrderCallbackContext, order: Order, url: string, problem: string): void {
  order.callbackProblem = problem;
  context.log({ kind: 'callback', recurringPaymentId: labelOf(order), orderid: order.orderid, url, attempt: 0, outcome: problem });
}

/**
 * Calls the merchant back with an order's final status: a new delivery, signed with the
 * merchant's control key, to the merchant's callback address (none sent when it has none).
 *
 * @example
 * ```ts
 * await callBackOrder(context, order, 'approved');
 * ```
 */
export async function callBackOrder(context: OrderCallbackContext, order: Order, outcome: FinalOutcome): Promise<void> {
  const address = context.callbackUrlFor(order.login);
  if (address === undefined)
    return notSent(context, order, '-', 'not sent: the merchant has no callback address (--callback-url, or callbackUrl of the merchant)');
  const target = await callbackTarget(address, context.controlKeyFor(order.login), {
    orderid: order.orderid,
    merchantOrder: order.merchantOrderId,
    status: outcome,
    type: order.operation === 'transfer' ? 'transfer' : 'pan-eligibility',
    ...(order.amount !== undefined && { amount: order.amount }),
  });
  if ('notSent' in target) return notSent(context, order, target.shown, target.notSent);
  order.callbackProblem = undefined;
  const delivery: CallbackDelivery = { orderid: order.orderid, url: target.shown, attempts: 0, lastStatus: null, state: 'pending' };
  order.callbacks.push(delivery);
  for (let i = 0; order.callbacks.length > MAX_DELIVERIES_KEPT && i < order.callbacks.length; ) {
    const kept = order.callbacks[i] as CallbackDelivery;
    if (kept.state === 'pending') i++;
    else {
      order.callbacks.splice(i, 1);
      forgetTarget(order, kept);
    }
  }
  deliver(context, order, delivery, target.url.href);
}
