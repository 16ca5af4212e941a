import { recurringPaymentColumns, type GatewayOperation, type ValidationIssue } from '@paysign/protocol';
import { validatePanEligibilitySendParams, validateRecurringPaymentRow, validateTransferParams } from '@paysign/protocol';
import type { Parameter } from '@paysign/oauth-core/encoding';
import { decodePayload, type CodecError } from '@paysign/payload-codec';
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

function report(issue: ValidationIssue, row?: number): ReportedIssue {
  const reported: ReportedIssue = { field: issue.field, rule: issue.rule, message: issue.message };
  if (row !== undefined) reported.row = row;
  return reported;
}

function single(params: readonly Parameter[]): { record: Record<string, string>; repeated: ReportedIssue[] } {
  const record: Record<string, string> = Object.create(null) as Record<string, string>;
  const repeated: ReportedIssue[] = [];
  for (const [name, value] of params) {
    if (name in record) {
      if (!repeated.some((issue) => issue.field === name)) {
        repeated.push({ field: name, rule: 'repeated', message: `${name} is given more than once; the gateway reads each field once` });
      }
      continue;
    }
    record[name] = value;
  }
  return { record, repeated };
}

// By shape, not `instanceof`: another copy of payload-codec (ESM next to CJS) has another class.
function isCodecError(error: unknown): error is CodecError {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  return name === 'CodecError' && typeof code === 'string' && typeof message === 'string';
}

// update-recurring-payments: the body is one `payload` parameter, Base64 of a CSV document; every
// data row is one recurring payment, checked with the gateway package's rules.
function validateUpdate(params: readonly Parameter[]): ReportedIssue[] {
  const { record, repeated } = single(params);
  const issues = [...repeated];
  for (const name of Object.keys(record)) {
    if (name !== 'payload')
      issues.push({ field: name, rule: 'unknown-field', message: `${name} is not a parameter of update-recurring-payments: the fields travel inside payload` });
  }
  const payload = record.payload;
  if (payload === undefined || payload === '') {
    issues.push({ field: 'payload', rule: 'required', message: 'payload is required: the Base64 of the CSV document of recurring payments' });
    return issues;
  }
  let rows: Record<string, string>[];
  try {
    rows = decodePayload(payload, { columns: recurringPaymentColumns }).rows;
  } catch (error) {
    if (!isCodecError(error)) throw error;
    // CodecError messages name the row, column and rule, never a cell value.
    issues.push({ field: 'payload', rule: error.code.toLowerCase().replace(/_/g, '-'), message: `payload: ${error.message}` });
    return issues;
  }
  if (rows.length === 0) issues.push({ field: 'payload', rule: 'required', message: 'payload holds no recurring payment: the CSV has a header row only' });
  rows.forEach((row, index) => {
    for (const issue of validateRecurringPaymentRow(row)) issues.push(report(issue, index + 1));
  });
  return issues;
}

/**
 * The default validator: the gateway package's rules for each operation, applied to the wire
 * parameters the caller sent.
 *
 * @example
 * ```ts
 * validateOperation('pan-eligibility/send', [['client-order-id', 'order-1']]);
 * // [{ field: 'sending-card-ref-id', rule: 'required', message: 'sending-card-ref-id is required' }]
 * ```
 */
export const validateOperation: OperationValidator = (operation, params) => {
  if (operation === 'update-recurring-payments') return validateUpdate(params);
  const { record, repeated } = single(params);
  const issues = operation === 'transfer' ? validateTransferParams(record) : validatePanEligibilitySendParams(record);
  return [...repeated, ...issues.map((issue) => report(issue))];
};
