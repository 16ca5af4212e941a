import { validationError, type OperationContext, type ReplyPairs } from './context.js';
import { describeIssue, validateTransferParams } from '@paysign/protocol';

/**
 * `transfer` (spec: a signing example; which parameters are required and the response are not
 * shown). The parameters are validated with @paysign/protocol's transfer rules; the reply is
 * the family's `async-response` with `status=processing`.
 */
export function transfer(context: OperationContext, paynetOrderId: string): ReplyPairs {
  const params: Record<string, string> = {};
  const repeated = new Set<string>();
  for (const [name, value] of context.params) {
    if (name in params) repeated.add(name);
    params[name] = value;
  }
  const currency = context.merchant.account.currency;
  const problems = [
    ...[...repeated].map((name) => `${name}: is given more than once; send it once`),
    ...validateTransferParams(params, currency === undefined ? {} : { projectCurrency: currency }).map((issue) => describeIssue(issue)),
  ];
  const merchantOrderId = params.client_orderid;
  if (problems.length > 0) return validationError(context.serialNumber, problems.join('; '), merchantOrderId);
  return [
    ['type', 'async-response'],
    ['status', 'processing'],
    ['serial-number', context.serialNumber],
    ...(merchantOrderId !== undefined ? ([['merchant-order-id', merchantOrderId]] as ReplyPairs) : []),
    ['paynet-order-id', paynetOrderId],
  ];
}
