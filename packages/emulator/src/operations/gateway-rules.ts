import type { ValidationIssue } from '@paysign/spec';
import { validatePanEligibilitySendParams, validateRecurringPaymentRow, validateTransferParams } from '@paysign/spec';
import type { PanEligibilityValidator, RowIssue, RowValidator, TransferValidator } from './row-validation.js';

// The emulator validates with the client's own rules, so a request the client lets through is
// judged by the same field table and rules 1-11 here, and a mistake caught here is one to fix there.
const toIssues = (issues: readonly ValidationIssue[]): RowIssue[] => issues.map(({ field, message }) => ({ field, message }));

/** The gateway package's rules for one wire-named CSV row of update-recurring-payments. */
export const gatewayRowValidator: RowValidator = (row, options) => toIssues(validateRecurringPaymentRow(row, options));

/** The gateway package's rules for a transfer's wire-named parameters. */
export const gatewayTransferValidator: TransferValidator = (params, options) => toIssues(validateTransferParams(params, options));

/** The gateway package's rules for pan-eligibility/send. */
export const gatewayPanEligibilityValidator: PanEligibilityValidator = (params) => toIssues(validatePanEligibilitySendParams(params));
