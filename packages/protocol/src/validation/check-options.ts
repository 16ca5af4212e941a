import type { Quoting } from '@paysign/payload-codec';

/**
 * What the checks of a request compare against besides the request itself: the project's
 * currency (rule 7) and how the request's CSV will be written (`csvQuoting`, payload-codec's
 * `Quoting`: `'reject'`, the default, or `'rfc4180'`).
 *
 * @example
 * ```ts
 * import { checkRecurringPaymentRows, type CheckOptions } from '@paysign/protocol';
 *
 * const options: CheckOptions = { projectCurrency: 'EUR', csvQuoting: 'rfc4180' };
 * const issues = checkRecurringPaymentRows(rows, options);
 * ```
 */
export interface CheckOptions {
  /** The currency of the assigned project (rule 7); when set, `currency` must equal it. */
  projectCurrency?: string | undefined;
  /** How the CSV of update-recurring-payments quotes a cell: a cell it cannot carry is a `csv-character` issue. */
  csvQuoting?: Quoting | undefined;
}
