// @paysign/bulk: the gateway's update-recurring-payments for many rows, one request each, concurrent,
// retried, journaled, resumable (file journal and CSV file reader: @paysign/bulk/node).
// The requests go through @paysign/gateway's client.
export { BulkError, type BulkErrorCode } from './bulk-errors.js';
export {
  BULK_OUTCOMES,
  BulkUnreadableRow,
  type BulkInvalidRow,
  type BulkOutcome,
  type BulkProgress,
  type BulkRecord,
  type BulkRetryOptions,
  type BulkRow,
  type BulkSource,
  type BulkStopReason,
  type BulkSummary,
  type BulkUpdateOptions,
} from './bulk-types.js';
export { BULK_DEFAULTS, bulkUpdateRecurringPayments } from './bulk-update-recurring-payments.js';
export { invalidRowRecord } from './row-records.js';
export { classifyUpdateFailure, type ClassifiedFailure, type FailureKind } from './classify-failure.js';
export { createMemoryJournal, formatJournalLine, parseJournalLine, readJournalText, type BulkJournal } from './journal.js';
export { parseShard, type BulkShard } from './shard.js';
export { BULK_RESULT_COLUMNS, formatResultLine, RESULTS_HEADER_LINE } from './results-csv.js';
