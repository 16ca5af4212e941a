import type { CallbackDelivery, CallbackSender } from '../callbacks/callback-sender.js';

/**
 * A {@link CallbackSender} that remembers the full address (with its signed query) of each
 * delivery still pending, so that a restored state can resume it.
 *
 * @example
 * ```ts
 * const sender = recordingSender(createCallbackSender({ attempts: 3, backoffMs: 10, maxInFlight: 8, log }));
 * sender.pending(); // [{ recurringPaymentId, orderid, url }, ...]
 * ```
 */
export function recordingSender(inner: CallbackSender): CallbackSender & {
  pending(): { recurringPaymentId: string; orderid: string; url: string }[];
} {
  const addresses = new Map<CallbackDelivery, { recurringPaymentId: string; url: string }>();
  return {
    send(delivery, url, recurringPaymentId) {
      addresses.set(delivery, { recurringPaymentId, url: url.href });
      inner.send(delivery, url, recurringPaymentId);
    },
    idle: () => inner.idle(),
    stop: () => inner.stop(),
    pending() {
      const list: { recurringPaymentId: string; orderid: string; url: string }[] = [];
      for (const [delivery, { recurringPaymentId, url }] of addresses) {
        if (delivery.state === 'pending') list.push({ recurringPaymentId, orderid: delivery.orderid, url });
        else addresses.delete(delivery);
      }
      return list;
    },
  };
}
