import { checkOperation, describeIssue, type GatewayOperation, type ValidationIssue } from '@paysign/protocol';
import type { Parameter } from '@paysign/oauth-core/encoding';
import type { ReportedIssue } from '../reply/json-error.js';

/**
 * Checks the wire parameters of one operation; returns every broken rule (none: the request may
 * be signed). Messages name the field and the rule and never hold a card number or CVV.
 *
 * @example
 * ```ts
 * import { createSigningProxy, validateOperation, type OperationValidator } from '@paysign/edge';
 *
 * // The gateway's rules, and one of the merchant's own: transfers in EUR only.
 * const validate: OperationValidator = (operation, params) => [
 *   ...validateOperation(operation, params),
 *   ...(operation === 'transfer' && !params.some(([name, value]) => name === 'currency' && value === 'EUR')
 *     ? [{ field: 'currency', rule: 'merchant-currency', message: 'currency must be EUR' }]
 *     : []),
 * ];
 * const proxy = createSigningProxy({ ...options, validate });
 * ```
 */
export type OperationValidator = (operation: GatewayOperation, params: readonly Parameter[]) => readonly ReportedIssue[];

// The edge's JSON form of an issue: the message names the field; `row` is the payload's 1-based data row.
function report(issue: ValidationIssue): ReportedIssue {
  const reported: ReportedIssue = { field: issue.field, rule: issue.rule, message: describeIssue(issue) };
  if (issue.row !== undefined) reported.row = issue.row + 1;
  return reported;
}

/**
 * The default validator: @paysign/protocol's check of each operation (for update-recurring-payments
 * the payload decoded and every data row checked, a parameter given twice refused, as the gateway
 * reads each once), applied to the wire parameters the caller sent.
 *
 * @example
 * ```ts
 * validateOperation('pan-eligibility/send', [['client-order-id', 'order-1']]);
 * // [{ field: 'sending-card-ref-id', rule: 'required', message: 'sending-card-ref-id: is required' }]
 * ```
 */
export const validateOperation: OperationValidator = (operation, params) => checkOperation(operation, params).map(report);
