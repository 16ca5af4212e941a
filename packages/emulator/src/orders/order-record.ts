import type { CallbackDelivery } from '../callbacks/callback-sender.js';
import type { FinalOutcome } from './test-cards.js';

/**
 * An order of a transfer or a pan-eligibility check as a state keeps it: what the operation
 * accepted, its status, when a `processing` order gets its outcome (`decideAt`, ms since the
 * epoch), and its callbacks, each with the full address it is sent to (`target`, with its signed
 * query) while it is still being delivered, so that a restarted emulator decides it and resumes
 * its callbacks where they were.
 *
 * @example
 * ```ts
 * import type { OrderRecord } from '@paysign/emulator';
 *
 * const order: OrderRecord = { orderid: '12', operation: 'transfer', status: 'processing', merchantOrderId: 'o-1', login: 'merchant', decideAt: Date.now() + 1000, callbacks: [] };
 * ```
 */
export interface OrderRecord {
  orderid: string;
  operation: 'transfer' | 'pan-eligibility/send';
  status: 'processing' | FinalOutcome;
  merchantOrderId: string;
  login: string;
  amount?: string;
  /** The outcome its cards call for, when not approved. */
  outcome?: FinalOutcome;
  decideAt?: number;
  callbacks: (CallbackDelivery & { target?: string })[];
  callbackProblem?: string;
}
