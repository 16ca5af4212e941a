import type { OrderView } from '../orders/order-book.js';
import { FINAL_OUTCOMES } from '../orders/test-cards.js';
import { escapeHtml as e } from './html.js';

/**
 * The console's order piece: a form that sets an order's outcome (`POST /console/orders/outcome`,
 * the admin API's `POST /emulator/orders/{orderid}/outcome`) and, when one was looked up or set,
 * the order with its callbacks. Works without script; everything shown is escaped.
 *
 * @example
 * ```ts
 * const html = orderSection(csrf, await ordersView('12')); // view: the admin API's GET /emulator/orders/12 answer
 * ```
 */
export function orderSection(csrf: string, view: OrderView | undefined, orderid = ''): string {
  const options = FINAL_OUTCOMES.map((outcome) => `<option value="${outcome}">${outcome}</option>`).join('');
  const shown =
    view === undefined
      ? ''
      : `<table id="order"><tr><th>orderid</th><td>${e(view.orderid)}</td></tr><tr><th>operation</th><td>${e(view.operation)}</td></tr><tr><th>status</th><td class="state ${e(view.status)}">${e(view.status)}</td></tr><tr><th>merchant order</th><td>${e(view.merchantOrderId || '-')}</td></tr>${
          view.recurringPaymentId === undefined ? '' : `<tr><th>recurring payment</th><td>${e(view.recurringPaymentId)}</td></tr>`
        }<tr><th>callbacks</th><td>${
          view.callbacks.length === 0
            ? e(view.callbackProblem ?? 'none yet')
            : view.callbacks
                .map(
                  (delivery) =>
                    `<div class="callback">${e(delivery.url)}: ${e(delivery.state)} after ${delivery.attempts} attempt(s), last ${e(delivery.lastStatus ?? '-')}</div>`,
                )
                .join('')
        }</td></tr></table>`;
  return `<section id="orders"><h2>Orders</h2><p class="muted">A transfer's or pan-eligibility check's order (or a recurring charge's) by the gateway's order id: set its final status now; a new callback is sent, even when it was final.</p>
<form id="trigger" method="post" action="/console/orders/outcome"><input type="hidden" name="csrf" value="${e(csrf)}"><label>order id <input type="text" name="orderid" value="${e(orderid)}" required></label> <label>outcome <select name="outcome">${options}</select></label> <button type="submit">Set outcome</button></form>${shown}</section>`;
}
