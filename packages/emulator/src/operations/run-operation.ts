import { replyFormatFor } from '@paysign/protocol/wire';
import type { EmulatorLog, OperationName } from '../log.js';
import type { PaymentOwners } from '../merchants/payment-owners.js';
import type { OrderBook } from '../orders/order-book.js';
import type { RecurringEngine } from '../recurring/recurring-engine.js';
import { gatewayReply } from '../reply/gateway-reply.js';
import type { Admission } from '../request/check-request.js';
import type { GatewayReply, GatewayRequest } from '../request/gateway-request.js';
import type { ProfileStore } from '../store/profile-store.js';
import type { OperationContext, ReplyPairs } from './context.js';
import { panEligibilitySend } from './pan-eligibility.js';
import { transfer } from './transfer.js';
import { updateRecurringPayments } from './update-recurring-payments.js';

export interface OperationRunnerOptions {
  profiles: ProfileStore;
  owners: PaymentOwners;
  recurring: RecurringEngine;
  orders: OrderBook;
  log: EmulatorLog;
  /** The next gateway order id (`paynet-order-id`), shared with the recurring charges. */
  nextOrderId: () => string;
}

/**
 * Runs an admitted request's operation (one handler per operation of the protocol's table), logs
 * what was accepted and answers in the gateway's form encoding, or its JSON variant when `Accept`
 * asks for `application/vnd.pay+json`.
 *
 * @example
 * ```ts
 * const run = createOperationRunner({ profiles, owners, recurring, orders, log, nextOrderId });
 * const outcome = await check(request);
 * if (outcome.accepted) return run(request, '/payment/api/v4/transfer/1', outcome);
 * ```
 */
export function createOperationRunner(options: OperationRunnerOptions): (request: GatewayRequest, path: string, admission: Admission) => Promise<GatewayReply> {
  const { profiles, owners, recurring, orders, log } = options;
  const open = orders.open.bind(orders);
  const operations: Record<OperationName, (context: OperationContext) => Promise<ReplyPairs> | ReplyPairs> = {
    'update-recurring-payments': async (context) => {
      const reply = await updateRecurringPayments(context);
      // An update changes what later charges do; one due today under the new schedule is made now.
      await recurring.runThrough();
      return reply;
    },
    'pan-eligibility/send': (context) => panEligibilitySend(context, options.nextOrderId(), open),
    transfer: (context) => transfer(context, options.nextOrderId(), open),
  };

  return async (request, path, admission) => {
    const serialNumber = crypto.randomUUID();
    const { merchant, endpointId, login, operation } = admission;
    const pairs = await operations[operation]({ params: admission.params, merchant, endpointId, serialNumber, profiles, owners, log });
    const type = pairs.find(([name]) => name === 'type')?.[1] ?? '';
    const status = pairs.find(([name]) => name === 'status')?.[1];
    const detail = pairs.find(([name]) => name === 'error-message')?.[1];
    log({
      kind: 'accepted',
      operation,
      path,
      login,
      serialNumber,
      outcome: status === undefined ? type : `${type}/${status}`,
      ...(detail !== undefined && { detail }),
    });
    return gatewayReply(pairs, replyFormatFor(request.header('accept')));
  };
}
