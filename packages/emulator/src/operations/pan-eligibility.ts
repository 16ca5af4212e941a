import { validationError, type OperationContext, type ReplyPairs } from './context.js';
import { describeIssue, validatePanEligibilitySendParams } from '@paysign/protocol';

/**
 * `pan-eligibility/send` (spec: a signing example; response not shown). The parameters are
 * validated with @paysign/protocol's rules; the reply is the one the gateway family gives to
 * asynchronous requests (docs/reference/response-format.md): `type=async-response`,
 * `status=processing`.
 */
export function panEligibilitySend(context: OperationContext, paynetOrderId: string): ReplyPairs {
  const params: Record<string, string> = {};
  const repeated = new Set<string>();
  for (const [name, value] of context.params) {
    if (name in params) repeated.add(name);
    params[name] = value;
  }
  const problems = [
    ...[...repeated].map((name) => `${name}: is given more than once; send it once`),
    ...validatePanEligibilitySendParams(params).map((issue) => describeIssue(issue)),
  ];
  const merchantOrderId = params['client-order-id'];
  if (problems.length > 0) return validationError(context.serialNumber, problems.join('; '), merchantOrderId);
  return [
    ['type', 'async-response'],
    ['status', 'processing'],
    ['serial-number', context.serialNumber],
    ['merchant-order-id', merchantOrderId as string],
    ['paynet-order-id', paynetOrderId],
  ];
}
