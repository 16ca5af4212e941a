// "Rule N" below: item N of "Rules on the recurring-payment fields" in docs/gateway-api.md.
/** One broken rule: the wire field, and a message that names the field and the rule, never the value. */
export interface RowIssue {
  field: string;
  /** Starts with the field's wire name: `amount: is not a decimal`. */
  message: string;
}

/** What the rules know about the merchant's project. */
export interface RuleOptions {
  /** The project currency; a payment's currency must equal it (spec rule 7). */
  projectCurrency?: string;
}

/** Validates one wire-named CSV row of update-recurring-payments. */
export type RowValidator = (row: Readonly<Record<string, string>>, options: RuleOptions) => readonly RowIssue[];

/** Validates the wire-named parameters of a transfer. */
export type TransferValidator = (params: Readonly<Record<string, string>>, options: RuleOptions) => readonly RowIssue[];

/** Validates the wire-named parameters of pan-eligibility/send. */
export type PanEligibilityValidator = (params: Readonly<Record<string, string>>) => readonly RowIssue[];
