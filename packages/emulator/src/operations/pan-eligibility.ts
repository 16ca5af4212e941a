import { validationError, type OperationContext, type ReplyPairs } from './context.js';
import { checkOperation, describeIssue } from '@paysign/protocol';
import type { NewOrder } from '../orders/order.js';

/**
 * `pan-eligibility/send` (spec: a signing example; response not shown). The parameters are
 * validated with @paysign/protocol's rules; the reply is the one the gateway family gives to
 * asynchronous requests (docs/reference/response-format.md): `type=async-response`,
 * `status=processing`. The order is opened in the order book: approved later (unless a trigger
 * says otherwise), with a callback to the merchant.
 */
export function panEligibilitySend(context: OperationContext, paynetOrderId: string, open: (order: NewOrder) => void): ReplyPairs {
  const problems = checkOperation('pan-eligibility/send', context.params).map((issue) => describeIssue(issue));
  const merchantOrderId = context.params.find(([name]) => name === 'client-order-id')?.[1];
  if (problems.length > 0) return validationError(context.serialNumber, problems.join('; '), merchantOrderId);
  open({ orderid: paynetOrderId, operation: 'pan-eligibility/send', merchantOrderId: merchantOrderId as string, login: context.merchant.account.login });
  return [
    ['type', 'async-response'],
    ['status', 'processing'],
    ['serial-number', context.serialNumber],
    ['merchant-order-id', merchantOrderId as string],
    ['paynet-order-id', paynetOrderId],
  ];
}
