import type { CallbackSender } from '../callbacks/callback-sender.js';
import { watchedDelivery } from '../callbacks/watched-delivery.js';
import type { ChangeSink } from './change-log.js';

/**
 * A {@link CallbackSender} that reports to `changes` what `--state` must keep of its deliveries:
 * the full address (with its signed query) of each one still pending, so that a restored state can
 * resume it, and every change of a delivery's progress (attempts, last status, state), as a change
 * of its payment. The inner sender is handed a view of the delivery that reports each write.
 *
 * @example
 * ```ts
 * const sender = recordingSender(createCallbackSender({ attempts: 3, backoffMs: 10, maxInFlight: 8, log }), changes);
 * ```
 */
export function recordingSender(inner: CallbackSender, changes: ChangeSink): CallbackSender {
  // Deliveries still pending per payment and order id: a re-sent callback shares the address of
  // the first, which is forgotten only when neither is pending any more.
  const pending = new Map<string, number>();
  return {
    send(delivery, url, recurringPaymentId) {
      const key = `${recurringPaymentId}\n${delivery.orderid}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
      changes.callback(recurringPaymentId, delivery.orderid, url.href);
      let open = true;
      const settle = () => {
        if (!open || delivery.state === 'pending') return;
        open = false;
        const left = (pending.get(key) ?? 1) - 1;
        if (left > 0) pending.set(key, left);
        else {
          pending.delete(key);
          changes.callback(recurringPaymentId, delivery.orderid, null);
        }
      };
      const watched = watchedDelivery(delivery, () => {
        changes.payment(recurringPaymentId);
        settle();
      });
      inner.send(watched, url, recurringPaymentId);
    },
    idle: () => inner.idle(),
    stop: () => inner.stop(),
  };
}
