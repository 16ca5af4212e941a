import { validationError, type OperationContext, type ReplyPairs } from './context.js';
import { validateTransferParams } from '@paysign/protocol';
import type { NewOrder } from '../orders/order-book.js';
import { testCardOutcome } from '../orders/test-cards.js';

/**
 * `transfer` (spec: a signing example; which parameters are required and the response are not
 * shown). The parameters are validated with the gateway package's transfer rules; the reply is
 * the family's `async-response` with `status=processing`. The order is opened in the order book:
 * it reaches its final status later (a test card as source or destination decides which) and
 * calls the merchant back.
 */
export function transfer(context: OperationContext, paynetOrderId: string, open: (order: NewOrder) => void): ReplyPairs {
  const params: Record<string, string> = {};
  const repeated = new Set<string>();
  for (const [name, value] of context.params) {
    if (name in params) repeated.add(name);
    params[name] = value;
  }
  const currency = context.merchant.account.currency;
  const problems = [
    ...[...repeated].map((name) => `${name}: is given more than once; send it once`),
    ...validateTransferParams(params, currency === undefined ? {} : { projectCurrency: currency }).map((issue) => issue.message),
  ];
  const merchantOrderId = params.client_orderid;
  if (problems.length > 0) return validationError(context.serialNumber, problems.join('; '), merchantOrderId);
  const outcome = testCardOutcome(params.credit_card_number) ?? testCardOutcome(params['destination-card-no']);
  open({
    orderid: paynetOrderId,
    operation: 'transfer',
    merchantOrderId: merchantOrderId ?? '',
    login: context.merchant.account.login,
    ...(params.amount !== undefined && { amount: params.amount }),
    ...(outcome !== undefined && { outcome }),
  });
  return [
    ['type', 'async-response'],
    ['status', 'processing'],
    ['serial-number', context.serialNumber],
    ...(merchantOrderId !== undefined ? ([['merchant-order-id', merchantOrderId]] as ReplyPairs) : []),
    ['paynet-order-id', paynetOrderId],
  ];
}
