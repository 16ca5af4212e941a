import { callbackControl } from '@paysign/protocol';

/** What a callback reports: the gateway's order, its final status, and the merchant's order id. */
export interface CallbackReport {
  orderid: string;
  /** The merchant's order id (`merchant_order` and `client_orderid`; empty when the order has none). */
  merchantOrder: string;
  status: string;
  /** The transaction type the callback names (`sale`, `transfer`, `pan-eligibility`). */
  type: string;
  amount?: string;
}

/** A callback ready to send (`url` carries its query), or why it is not sent; `shown` never holds the query. */
export type CallbackTarget = { url: URL; shown: string } | { notSent: string; shown: string };

/**
 * Builds a callback's URL as the gateway does (docs/reference/callbacks.md): the merchant's
 * address with `orderid`, `merchant_order`, `client_orderid`, `amount`, `status`, `type` and
 * `control` (the protocol package's checksum over status, orderid and merchant_order with the
 * control key) appended to its query. Not sent when the address is not an http(s) URL or no
 * control key can sign it.
 *
 * @example
 * ```ts
 * const target = await callbackTarget('http://127.0.0.1:3000/cb', 'control-key', { orderid: '7', merchantOrder: 'o-1', status: 'approved', type: 'transfer' });
 * if ('url' in target) sender.send(delivery, target.url, { kind: 'order', id: '7', label: 'transfer o-1' });
 * ```
 */
export async function callbackTarget(address: string, controlKey: string | undefined, report: CallbackReport): Promise<CallbackTarget> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { notSent: 'not sent: the address is not a URL', shown: '(not a URL)' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { notSent: 'not sent: only http and https addresses are called', shown: url.protocol };
  // The query may carry the merchant's own tokens: never shown.
  const shown = `${url.origin}${url.pathname}`;
  if (controlKey === undefined) return { notSent: 'not sent: no merchant control key to sign it', shown };
  const control = await callbackControl({ status: report.status, orderid: report.orderid, merchantOrder: report.merchantOrder }, controlKey);
  const pairs: [string, string][] = [
    ['orderid', report.orderid],
    ['merchant_order', report.merchantOrder],
    ['client_orderid', report.merchantOrder],
    ...(report.amount !== undefined ? ([['amount', report.amount]] as [string, string][]) : []),
    ['status', report.status],
    ['type', report.type],
    ['control', control],
  ];
  for (const [name, value] of pairs) url.searchParams.append(name, value);
  return { url, shown };
}
