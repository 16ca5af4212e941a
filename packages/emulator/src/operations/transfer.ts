import { validationError, type OperationContext, type ReplyPairs } from './context.js';
import { checkOperation, describeIssue } from '@paysign/protocol';

/**
 * `transfer` (spec: a signing example; which parameters are required and the response are not
 * shown). The parameters are validated with @paysign/protocol's transfer rules; the reply is
 * the family's `async-response` with `status=processing`.
 */
export function transfer(context: OperationContext, paynetOrderId: string): ReplyPairs {
  const currency = context.merchant.account.currency;
  const problems = checkOperation('transfer', context.params, currency === undefined ? {} : { projectCurrency: currency }).map((issue) => describeIssue(issue));
  const merchantOrderId = context.params.find(([name]) => name === 'client_orderid')?.[1];
  if (problems.length > 0) return validationError(context.serialNumber, problems.join('; '), merchantOrderId);
  return [
    ['type', 'async-response'],
    ['status', 'processing'],
    ['serial-number', context.serialNumber],
    ...(merchantOrderId !== undefined ? ([['merchant-order-id', merchantOrderId]] as ReplyPairs) : []),
    ['paynet-order-id', paynetOrderId],
  ];
}
