import type { CallbackDelivery } from './callback-sender.js';

/**
 * A view of `delivery` that calls `changed` after each of its writes (attempts, last status,
 * state, next attempt), for whoever must keep a delivery's progress (`--state`): the callback
 * sender writes to the view as it would to the delivery itself.
 *
 * @example
 * ```ts
 * sender.send(watchedDelivery(delivery, () => changes.payment(id)), url, id);
 * ```
 */
export function watchedDelivery(delivery: CallbackDelivery, changed: () => void): CallbackDelivery {
  return new Proxy(delivery, {
    set(target, property, value) {
      Reflect.set(target, property, value);
      changed();
      return true;
    },
    deleteProperty(target, property) {
      const had = Reflect.has(target, property);
      const deleted = Reflect.deleteProperty(target, property);
      if (had) changed();
      return deleted;
    },
  });
}
