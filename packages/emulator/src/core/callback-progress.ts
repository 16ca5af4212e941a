import type { CallbackJob } from '../callbacks/callback-sender.js';
import type { OrderStore } from '../orders/order-book.js';
import type { ChangeLog } from './change-log.js';

/**
 * What the core does with a callback delivery sent or attempted (the callback sender's
 * `progress`): an order's delivery drops its full address once final; with a change log, the
 * delivery's payment or order is recorded as changed, and so is the full address of a payment's
 * callback while a delivery of it is pending (a restored state resumes it), ended (`null`) once
 * none is.
 *
 * @example
 * ```ts
 * const sender = createCallbackSender({ attempts, backoffMs, maxInFlight, log, progress: callbackProgress(orders, changes) });
 * ```
 */
export function callbackProgress(orders: Pick<OrderStore, 'settled'>, changes: ChangeLog | undefined): (job: CallbackJob, step: 'sent' | 'attempted') => void {
  // Deliveries still pending per payment and order id: a re-sent callback shares the address of
  // the first, which is forgotten only when neither is pending any more.
  const pending = new Map<string, number>();
  return ({ delivery, url, source }, step) => {
    if (source.kind === 'order') {
      if (step === 'attempted') orders.settled(source.id, delivery);
      changes?.order(source.id);
      return;
    }
    if (changes === undefined) return;
    changes.payment(source.id);
    const key = `${source.id}\n${delivery.orderid}`;
    if (step === 'sent') {
      pending.set(key, (pending.get(key) ?? 0) + 1);
      changes.callback(source.id, delivery.orderid, url.href);
    } else if (delivery.state !== 'pending') {
      const left = (pending.get(key) ?? 1) - 1;
      if (left > 0) pending.set(key, left);
      else {
        pending.delete(key);
        changes.callback(source.id, delivery.orderid, null);
      }
    }
  };
}
