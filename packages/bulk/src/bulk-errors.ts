import { GatewayError, type GatewayErrorCode } from '@paysign/protocol';

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
export type BulkErrorCode = Extract<GatewayErrorCode, `BULK_${string}`>;

/**
 * An error of a bulk run (`bulkUpdateRecurringPayments`), in the one hierarchy of the package's
 * errors: `error instanceof GatewayError` holds, and `code` is one of {@link BulkErrorCode}. Messages name the row number, the
 * column and the rule, never a cell's value (a card number is shown masked, a CVV never).
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
export class BulkError extends GatewayError {
  override readonly name: string = 'BulkError';
  declare readonly code: BulkErrorCode;

  constructor(code: BulkErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
