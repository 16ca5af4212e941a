// The gateway's callbacks, tied to your own orders (the test suite sends this receiver every
// re-split of a captured callback). `orders` is your order store; here a Map from your order id
// (one that starts with a letter, such as 'order-55') to { state, amount, gatewayOrderId? }.
import { createCallbackHandler } from '@paysign/gateway';

export function callbackReceiver({ controlKey, orders }) {
  return createCallbackHandler({
    controlKey,
    // 1. Your order, by the signed merchant_order (never client_orderid: it is not signed), and
    //    only while it awaits a callback. The handler then refuses a callback whose orderid is not
    //    the gatewayOrderId you hold (a transfer's reply carries it) or whose amount is not yours.
    findOrder: (merchantOrder) => {
      const order = orders.get(merchantOrder);
      return order?.state === 'awaiting' ? order : undefined;
    },
    // 2. Runs once per callback: copies, even with other unsigned fields, are answered 200 unrun.
    onCallback: (callback, order) => {
      order.state = callback.status;
    },
  });
}
