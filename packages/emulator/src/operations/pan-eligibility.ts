import { singleParam, validationError, type OperationContext, type ReplyPairs } from './context.js';

/**
 * `pan-eligibility/send` (spec: a signing example; response not shown). The emulator checks its
 * two parameters and answers as the gateway family answers asynchronous requests
 * (shared/reference/response-format.md): `type=async-response`, `status=processing`.
 */
export function panEligibilitySend(context: OperationContext, paynetOrderId: string): ReplyPairs {
  const orderId = singleParam(context.params, 'client-order-id');
  const cardRef = singleParam(context.params, 'sending-card-ref-id');
  const errors = [orderId, cardRef].flatMap((result) => ('error' in result ? [result.error] : []));
  const merchantOrderId = 'value' in orderId ? orderId.value : undefined;
  if (errors.length > 0) return validationError(context.serialNumber, errors.join('; '), merchantOrderId);
  return [
    ['type', 'async-response'],
    ['status', 'processing'],
    ['serial-number', context.serialNumber],
    ['merchant-order-id', merchantOrderId as string],
    ['paynet-order-id', paynetOrderId],
  ];
}
