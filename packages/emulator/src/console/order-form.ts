import { redactCardData } from '@paysign/protocol';
import { html } from 'hono/html';
import type { CallbackDelivery } from '../callbacks/callback-sender.js';
import type { OrderView } from '../orders/order.js';
import { FINAL_OUTCOMES } from '../orders/test-cards.js';

type Html = ReturnType<typeof html>;

const deliveries = (view: OrderView): Html | string =>
  view.callbacks.length === 0
    ? (view.callbackProblem ?? 'none yet')
    : html`${view.callbacks.map(
        (delivery: CallbackDelivery) =>
          html`<div class="callback">${delivery.url}: ${delivery.state} after ${delivery.attempts} attempt(s), last ${delivery.lastStatus ?? '-'}</div>`,
      )}`;

// The inspector filed under this order: the requests whose parameters or reply name its order id.
const requestsLink = (orderid: string): string => `/?${new URLSearchParams({ rorder: orderid })}#requests`;

/** One order looked up or set from the form: every field, its callbacks. */
function shownOrder(view: OrderView): Html {
  return html`<table id="order"><tr><th>orderid</th><td>${view.orderid}</td></tr><tr><th>operation</th><td>${view.operation}</td></tr><tr><th>status</th><td class="state ${view.status}">${view.status}</td></tr><tr><th>merchant order</th><td>${redactCardData(view.merchantOrderId) || '-'}</td></tr>${
    view.recurringPaymentId === undefined ? '' : html`<tr><th>recurring payment</th><td>${view.recurringPaymentId}</td></tr>`
  }<tr><th>callbacks</th><td>${deliveries(view)}</td></tr></table>`;
}

/** The newest orders, one row each: status, amount (masked as the rest), each callback delivery, the requests that name it. */
function orderRows(list: readonly OrderView[]): Html {
  if (list.length === 0) return html`<p class="muted" id="order-list">no order yet: a transfer or a pan-eligibility check makes one</p>`;
  return html`<table id="order-list"><tr><th>orderid</th><th>operation</th><th>merchant</th><th>merchant order</th><th>status</th><th>amount</th><th>callbacks</th><th></th></tr>${list.map(
    (view) =>
      html`<tr data-orderid="${view.orderid}"><td><a href="${`/?${new URLSearchParams({ order: view.orderid })}#orders`}">${view.orderid}</a></td><td>${view.operation}</td><td>${view.login ?? '-'}</td><td>${redactCardData(view.merchantOrderId) || '-'}</td><td class="state ${view.status}">${view.status}</td><td>${view.amount === undefined ? '-' : redactCardData(view.amount)}</td><td>${deliveries(view)}</td><td><a href="${requestsLink(view.orderid)}">request</a></td></tr>`,
  )}</table>`;
}

/**
 * The console's Orders section: the newest orders of transfers and pan-eligibility checks (newest
 * first), a form that sets an order's outcome (`POST /console/orders/outcome`, any order a
 * recurring charge's included) and, when one was looked up or set, that order. Works without
 * script; every value is escaped by `hono/html`.
 *
 * @example
 * ```ts
 * const section = orderSection(csrf, { list: emulator.orders.list(50), view: emulator.orders.get('12'), orderid: '12' });
 * ```
 */
export function orderSection(csrf: string, shown: { list: readonly OrderView[]; view?: OrderView | undefined; orderid?: string | undefined }): Html {
  return html`<section id="orders"><h2>Orders</h2><p class="muted">The newest orders first. Set an order's final status now (a transfer's, a pan-eligibility check's or a recurring charge's, by the gateway's order id): a new callback is sent, even when it was final.</p>
<form id="trigger" method="post" action="/console/orders/outcome"><input type="hidden" name="csrf" value="${csrf}"><label>order id <input type="text" name="orderid" value="${shown.orderid ?? ''}" required></label> <label>outcome <select name="outcome">${FINAL_OUTCOMES.map((outcome) => html`<option value="${outcome}">${outcome}</option>`)}</select></label> <button type="submit">Set outcome</button></form>${shown.view === undefined ? '' : shownOrder(shown.view)}${orderRows(shown.list)}</section>`;
}
