// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
/**
 * One broken rule: the wire field, and a message that names the field and the rule, never the value.
 *
 * @example
 * ```ts
 * import type { RowIssue, RowValidator } from '@paysign/emulator';
 *
 * // A stricter gateway: amounts above 1000 are refused.
 * const validateRow: RowValidator = (row) => {
 *   const issues: RowIssue[] = [];
 *   if (Number(row.amount) > 1000) issues.push({ field: 'amount', message: 'amount: is above the limit of 1000' });
 *   return issues;
 * };
 * ```
 */
export interface RowIssue {
  field: string;
  /** Starts with the field's wire name: `amount: is not a decimal`. */
  message: string;
}

/**
 * What the rules know about the merchant's project.
 *
 * @example
 * ```ts
 * import type { RuleOptions } from '@paysign/emulator';
 * import { validateRecurringPaymentRow } from '@paysign/spec';
 *
 * const options: RuleOptions = { projectCurrency: 'EUR' };
 * const issues = validateRecurringPaymentRow(row, options);
 * ```
 */
export interface RuleOptions {
  /** The project currency; a payment's currency must equal it (spec rule 7). */
  projectCurrency?: string;
}

/**
 * Validates one wire-named CSV row of update-recurring-payments.
 *
 * @example
 * ```ts
 * import { createEmulator, type RowValidator } from '@paysign/emulator';
 * import { validateRecurringPaymentRow } from '@paysign/spec';
 *
 * // The default rules, and one more: no DST payments in this test.
 * const validateRow: RowValidator = (row, options) => [
 *   ...validateRecurringPaymentRow(row, options),
 *   ...(row.type === 'DST' ? [{ field: 'type', message: 'type: DST is not enabled for this merchant' }] : []),
 * ];
 * const emulator = createEmulator({ merchants, validateRow });
 * ```
 */
export type RowValidator = (row: Readonly<Record<string, string>>, options: RuleOptions) => readonly RowIssue[];

/**
 * Validates the wire-named parameters of a transfer.
 *
 * @example
 * ```ts
 * import { createEmulator, type TransferValidator } from '@paysign/emulator';
 *
 * const validateTransfer: TransferValidator = (params) =>
 *   params.currency === 'EUR' ? [] : [{ field: 'currency', message: 'currency: only EUR transfers here' }];
 * const emulator = createEmulator({ merchants, validateTransfer });
 * ```
 */
export type TransferValidator = (params: Readonly<Record<string, string>>, options: RuleOptions) => readonly RowIssue[];

/**
 * Validates the wire-named parameters of pan-eligibility/send.
 *
 * @example
 * ```ts
 * import { createEmulator, type PanEligibilityValidator } from '@paysign/emulator';
 *
 * const validatePanEligibility: PanEligibilityValidator = (params) =>
 *   params['sending-card-ref-id']?.startsWith('ref-') ? [] : [{ field: 'sending-card-ref-id', message: 'sending-card-ref-id: unknown reference' }];
 * const emulator = createEmulator({ merchants, validatePanEligibility });
 * ```
 */
export type PanEligibilityValidator = (params: Readonly<Record<string, string>>) => readonly RowIssue[];
