/**
 * Stable codes of {@link BulkError}: match on `error.code`, never on the message.
 *
 * @example
 * ```ts
 * import { BulkError, type BulkErrorCode } from '@paysign/bulk';
 *
 * const fixable: BulkErrorCode[] = ['BULK_INVALID_ROWS'];
 * try {
 *   await bulkUpdateRecurringPayments({ client, source });
 * } catch (error) {
 *   if (error instanceof BulkError && fixable.includes(error.code)) console.error('fix the rows, or run with skipInvalid');
 * }
 * ```
 */
export type BulkErrorCode =
  | 'BULK_INVALID_OPTIONS' // an option of the bulk run cannot work (concurrency, rate, shard, source, ...)
  | 'BULK_INVALID_ROWS' // rows broke the spec's rules and skipInvalid was not set: nothing was sent
  | 'BULK_INPUT' // the input cannot be read at all (a CSV header that names no known column, an unreadable file)
  | 'BULK_JOURNAL_CORRUPT' // a journal line other than a torn last one cannot be read
  | 'BULK_JOURNAL_MISMATCH' // the journal belongs to another input or another shard
  | 'BULK_JOURNAL_LOCKED'; // another run uses the journal (or its lock file cannot be read): one run per journal

/**
 * The one error class `@paysign/bulk` throws for a bulk run (`bulkUpdateRecurringPayments`);
 * `code` is one of {@link BulkErrorCode}. The client's own errors (`GatewayError` of
 * `@paysign/gateway`) pass through as they are. Messages name the row number, the column and the
 * rule, never a cell's value (a card number is shown masked, a CVV never).
 *
 * @example
 * ```ts
 * try {
 *   await bulkUpdateRecurringPayments({ client, source: () => rows });
 * } catch (error) {
 *   if (error instanceof BulkError && error.code === 'BULK_INVALID_ROWS') console.error(error.message);
 * }
 * ```
 */
export class BulkError extends Error {
  override readonly name: string = 'BulkError';
  readonly code: BulkErrorCode;

  constructor(code: BulkErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
