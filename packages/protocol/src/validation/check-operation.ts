// The one validation family: a check per operation, each returning every issue at once (none
// means the request keeps the gateway's rules). Typed requests (camelCase, as the client takes
// them) and wire input (the spec's names, as a server receives them) go through the same rules.
import { CodecError, checkCsvCell, decodePayload, type Quoting } from '@paysign/payload-codec';
import { recurringPaymentColumns } from '../model/recurring-payment-columns.js';
import { recurringPaymentFields } from '../model/recurring-payment-fields.js';
import { panEligibilitySendFields, transferFields } from '../model/transfer-fields.js';
import type { PanEligibilitySendRequest, RecurringPaymentUpdate, TransferRequest } from '../model/types.js';
import { toWireRow } from '../model/wire-row.js';
import type { GatewayOperation } from '../operations/operations.js';
import type { CheckOptions } from './check-options.js';
import { typedIssues } from './check-types.js';
import type { PayloadRule, ValidationIssue } from './issue.js';
import { recurringPaymentRowIssues } from './recurring-payment-row-rules.js';
import { panEligibilitySendParamIssues, transferParamIssues } from './transfer-rules.js';

/**
 * Checks the wire parameters of one operation as a server receives them (the edge proxy before
 * it signs, the emulator before it answers): for update-recurring-payments the `payload` is
 * decoded (Base64 of the `;`-separated CSV) and every data row checked, each issue carrying its
 * 0-based `row`; transfer and pan-eligibility/send are checked field by field. Given as a list of
 * pairs (a form body as sent), a name that comes twice is a `repeated` issue. `oauth_*`
 * parameters (the HMAC layout carries them in the body) are not the operation's fields and are
 * left alone. Returns every issue at once; none means the request keeps the gateway's rules.
 *
 * @example
 * ```ts
 * import { checkOperation } from '@paysign/protocol';
 *
 * checkOperation('pan-eligibility/send', { 'client-order-id': 'order-1' });
 * // [{ field: 'sending-card-ref-id', rule: 'required', message: 'is required' }]
 * checkOperation('update-recurring-payments', { payload: 'not base64!' })[0]?.rule; // 'invalid-base64'
 * ```
 */
export function checkOperation(
  operation: GatewayOperation,
  params: Readonly<Record<string, string | undefined>> | readonly (readonly [string, string])[],
  options: CheckOptions = {},
): ValidationIssue[] {
  const { record, repeated } = Array.isArray(params) ? once(params) : { record: params as Readonly<Record<string, string | undefined>>, repeated: [] };
  switch (operation) {
    case 'update-recurring-payments':
      return [...repeated, ...checkUpdatePayload(record, options)];
    case 'transfer':
      return [...repeated, ...transferParamIssues(record, options)];
    case 'pan-eligibility/send':
      return [...repeated, ...panEligibilitySendParamIssues(record)];
  }
}

// Each name's first value, and one `repeated` issue per name that comes again.
function once(params: readonly (readonly [string, string])[]): { record: Record<string, string>; repeated: ValidationIssue[] } {
  const record: Record<string, string> = Object.create(null) as Record<string, string>;
  const repeated: ValidationIssue[] = [];
  for (const [name, value] of params) {
    if (!(name in record)) record[name] = value;
    else if (!repeated.some((issue) => issue.field === name)) {
      repeated.push({ field: name, rule: 'repeated', message: 'is given more than once; the gateway reads each field once' });
    }
  }
  return { record, repeated };
}

function checkUpdatePayload(params: Readonly<Record<string, string | undefined>>, options: CheckOptions): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(params)) {
    if (name !== 'payload' && !name.startsWith('oauth_') && params[name] !== undefined && params[name] !== '') {
      issues.push({ field: name, rule: 'unknown-field', message: 'is not a parameter of update-recurring-payments: the fields travel inside payload' });
    }
  }
  const payload = params.payload;
  if (payload === undefined || payload === '') {
    issues.push({ field: 'payload', rule: 'required', message: 'is required: the Base64 of the CSV document of recurring payments' });
    return issues;
  }
  let rows: Record<string, string>[];
  try {
    rows = decodePayload(payload, { columns: recurringPaymentColumns }).rows;
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    issues.push(payloadIssue(error));
    return issues;
  }
  if (rows.length === 0) issues.push({ field: 'payload', rule: 'required', message: 'holds no recurring payment: the CSV has a header row only' });
  issues.push(...checkRecurringPaymentRows(rows, options));
  return issues;
}

/**
 * Checks the rows of one update-recurring-payments request in the wire format (CSV column names
 * as keys, text values, an empty cell meaning "not given"): every row by the spec's field table
 * and rules (1, 2, 4-8, DST support, state for US/CA/AU, calendar dates, card digits and Luhn), and, when `csvQuoting` is given, every cell
 * for the characters that CSV cannot carry. Each issue carries its row's 0-based index.
 *
 * @example
 * ```ts
 * import { checkRecurringPaymentRows } from '@paysign/protocol';
 *
 * const [issue] = checkRecurringPaymentRows([{ ...row, city: 'Paris; France' }], { csvQuoting: 'reject' });
 * // { field: 'city', rule: 'csv-character', row: 0, message: "contains a semicolon, ... (set csvQuoting: 'rfc4180' to quote it)" }
 * ```
 */
export function checkRecurringPaymentRows(rows: readonly Readonly<Record<string, string | undefined>>[], options: CheckOptions = {}): ValidationIssue[] {
  const rules = ruleOptions(options);
  const issues: ValidationIssue[] = [];
  rows.forEach((row, index) => {
    for (const issue of recurringPaymentRowIssues(row, rules)) issues.push({ ...issue, row: index });
    if (options.csvQuoting !== undefined) issues.push(...csvCellIssues(row, index, options.csvQuoting));
  });
  return issues;
}

/**
 * Checks typed recurring payments (camelCase, as {@link RecurringPaymentUpdate}) before they are
 * written as one update-recurring-payments request: the JavaScript types, every row of the
 * field table and every rule (as {@link checkRecurringPaymentRows}), then the cells of each valid
 * payment's wire row for the characters the CSV cannot carry (`csvQuoting`, default `'reject'`).
 * Each issue carries its payment's 0-based index as `row`.
 *
 * @example
 * ```ts
 * import { checkRecurringPayments } from '@paysign/protocol';
 *
 * const issues = checkRecurringPayments([payment], { projectCurrency: 'EUR' });
 * if (issues.length > 0) console.error(issues.map((issue) => `payments[${issue.row}] ${issue.field}: ${issue.message}`));
 * ```
 */
export function checkRecurringPayments(payments: readonly RecurringPaymentUpdate[], options: CheckOptions = {}): ValidationIssue[] {
  const rules = ruleOptions(options);
  const issues: ValidationIssue[] = [];
  payments.forEach((payment, index) => {
    const found = typedIssues(payment, recurringPaymentFields, 'update-recurring-payments', (row) => recurringPaymentRowIssues(row, rules));
    for (const issue of found) issues.push({ ...issue, row: index });
    if (found.length === 0) issues.push(...csvCellIssues(toWireRow(payment), index, options.csvQuoting ?? 'reject'));
  });
  return issues;
}

/**
 * Checks a transfer request (camelCase, as {@link TransferRequest}) before it is signed: the
 * JavaScript types, then the rules of transfer's parameters. The spec does not say which are
 * required; a transfer cannot be made without an order id, an amount, a currency, exactly one
 * source (`creditCardNumber` with `expireMonth` and `expireYear`, or `cardRecurringPaymentId`) and
 * exactly one destination (`destinationCardNo` or `destinationCardRecurringPaymentId`), so those
 * are. Card numbers must be digits and Luhn-valid, the month 1-12, the CVV 3-4 digits,
 * `redirectUrl` an absolute URL; `currency` the project's when `projectCurrency` is given.
 *
 * @example
 * ```ts
 * import { checkTransfer } from '@paysign/protocol';
 *
 * checkTransfer({ clientOrderId: 'order-1', amount: '10.00', currency: 'EUR',
 *   cardRecurringPaymentId: 'src-1', destinationCardNo: '4111111111111112' }).map((issue) => issue.rule);
 * // ['luhn']
 * ```
 */
export function checkTransfer(request: TransferRequest, options: CheckOptions = {}): ValidationIssue[] {
  const rules = ruleOptions(options);
  return typedIssues(request, transferFields, 'transfer', (params) => transferParamIssues(params, rules));
}

/**
 * Checks a pan-eligibility/send request (camelCase, as {@link PanEligibilitySendRequest}): the
 * JavaScript types, then `clientOrderId` and `sendingCardRefId`, both required strings.
 *
 * @example
 * ```ts
 * import { checkPanEligibilitySend } from '@paysign/protocol';
 *
 * checkPanEligibilitySend({ clientOrderId: 'order-1', sendingCardRefId: 'ref-9' }); // []
 * ```
 */
export function checkPanEligibilitySend(request: PanEligibilitySendRequest): ValidationIssue[] {
  return typedIssues(request, panEligibilitySendFields, 'pan-eligibility/send', panEligibilitySendParamIssues);
}

/**
 * Checks the header of a CSV of update-recurring-payments rows once, before its rows: a column
 * the field table requires that the header does not have (every row lacks it), and a name that
 * is not a column. Each issue has no `row`: it is the whole file's.
 *
 * @example
 * ```ts
 * import { checkRecurringPaymentColumns } from '@paysign/protocol';
 *
 * checkRecurringPaymentColumns(['client-orderid', 'recurring-payment-id', 'amount']).map((issue) => issue.field);
 * // ['credit-card-number', 'card-printed-name', 'expire-year', 'expire-month']
 * ```
 */
export function checkRecurringPaymentColumns(columns: readonly string[]): ValidationIssue[] {
  const present = new Set(columns);
  const known = new Set<string>(recurringPaymentColumns);
  const issues: ValidationIssue[] = [];
  for (const field of recurringPaymentFields) {
    if (field.necessity === 'R' && !present.has(field.wire)) {
      issues.push({
        field: field.wire,
        property: field.property,
        rule: 'required',
        message: 'is required, and the header has no such column: no row gives it',
      });
    }
  }
  for (const name of present) {
    if (!known.has(name)) issues.push({ field: name, rule: 'unknown-field', message: 'is not a column of update-recurring-payments' });
  }
  return issues;
}

/**
 * The issue of a payload (or CSV document) that payload-codec cannot read or write: `field` as
 * given (default `payload`, the parameter); `rule` is the codec's code in kebab case. The message
 * is the codec's, which says where in the document it stopped (row, column) and never quotes a value.
 *
 * @example
 * ```ts
 * import { CodecError, decodePayload } from '@paysign/payload-codec';
 * import { payloadIssue } from '@paysign/protocol';
 *
 * try {
 *   decodePayload('not base64!', { columns: 'any' });
 * } catch (error) {
 *   if (error instanceof CodecError) payloadIssue(error).rule; // 'invalid-base64'
 * }
 * ```
 */
export function payloadIssue(error: CodecError, field = 'payload'): ValidationIssue {
  return { field, rule: error.code.toLowerCase().replace(/_/g, '-') as PayloadRule, message: error.message };
}

// The one home of the `csv-character` issue: payload-codec's rule (checkCsvCell), found for every cell at once.
function csvCellIssues(row: Readonly<Record<string, string | undefined>>, index: number, quoting: Quoting): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [field, value] of Object.entries(row)) {
    if (typeof value !== 'string') continue;
    const problem = checkCsvCell(value, quoting);
    if (problem === undefined) continue;
    const advice = problem.code === 'FORBIDDEN_CHARACTER' ? " (set csvQuoting: 'rfc4180' to quote it)" : '';
    issues.push({ field, rule: 'csv-character', row: index, message: `${problem.reason}${advice}` });
  }
  return issues;
}

function ruleOptions(options: CheckOptions): CheckOptions {
  return { projectCurrency: options.projectCurrency };
}
