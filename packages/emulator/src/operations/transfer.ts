import { validationError, type OperationContext, type ReplyPairs } from './context.js';
import { checkOperation, describeIssue } from '@paysign/protocol';
import type { NewOrder } from '../orders/order.js';
import { testCardOutcome } from '../orders/test-cards.js';

/**
 * `transfer` (spec: a signing example; which parameters are required and the response are not
 * shown). The parameters are validated with @paysign/protocol's transfer rules; the reply is the
 * family's `async-response` with `status=processing`. The order is opened in the order book: it
 * reaches its final status later (a test card as source or destination decides which) and calls
 * the merchant back.
 */
export function transfer(context: OperationContext, paynetOrderId: string, open: (order: NewOrder) => void): ReplyPairs {
  const paramValue = (name: string) => context.params.find(([given]) => given === name)?.[1];
  const currency = context.merchant.account.currency;
  const problems = checkOperation('transfer', context.params, currency === undefined ? {} : { projectCurrency: currency }).map((issue) => describeIssue(issue));
  const merchantOrderId = paramValue('client_orderid');
  if (problems.length > 0) return validationError(context.serialNumber, problems.join('; '), merchantOrderId);
  const outcome = testCardOutcome(paramValue('credit_card_number')) ?? testCardOutcome(paramValue('destination-card-no'));
  const amount = paramValue('amount');
  open({
    orderid: paynetOrderId,
    operation: 'transfer',
    merchantOrderId: merchantOrderId ?? '',
    login: context.merchant.account.login,
    ...(amount !== undefined && { amount }),
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
