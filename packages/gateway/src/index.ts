// @paysign/gateway: the gateway's operations, typed, validated, signed, sent and understood.
// Data flows one way: typed request -> validation -> wire names -> payload codec -> signer -> transport -> parsed reply.
export {
  DEFAULT_MAX_REPLY_BYTES,
  GatewayAuthenticationError,
  GatewayError,
  GatewayReplyTooLargeError,
  GatewayResponseError,
  GatewayTimeoutError,
  GatewayTransportError,
  GatewayValidationError,
  type GatewayErrorCode,
  type GatewayFailureDetails,
} from './errors.js';

// Operations (their paths and the server-side routing are on @paysign/gateway/server)
export type { GatewayOperation } from './operations/operations.js';

// The model: typed requests, the update-recurring-payments columns, calendar dates (the field
// tables and wire-name mapping are on @paysign/gateway/server)
export type * from './model/types.js';
export {
  recurringPaymentColumns,
  recurringPaymentExampleColumns,
  recurringPaymentFurtherColumns,
  type RecurringPaymentColumn,
  type RecurringPaymentRow,
} from './model/recurring-payment-columns.js';
export { formatCalendarDate, parseCalendarDate, type CalendarDate } from './model/calendar-date.js';

// Card data: the one Luhn check and the one masking rule of every package
export { luhnValid } from './redact/luhn.js';
export { isShowablePan, maskPan } from './redact/mask-pan.js';
export { maskPansInText, redactCardData } from './redact/redact-card-data.js';

// Validation: every field-table row and rule, all issues at once
export type { ValidationIssue, ValidationRule } from './validation/issue.js';
export type { ValidationOptions } from './validation/validate-recurring-payment-row.js';
export { validateRecurringPayment } from './validation/validate-recurring-payment.js';
export { validatePanEligibilitySend, validateTransfer } from './validation/validate-transfer.js';

// Schedule preview (rules 2, 3, 5, 6, 9, 10 and the stop conditions)
export { previewSchedule, type PreviewScheduleOptions, type ScheduledCharge, type ScheduleInput } from './schedule/preview-schedule.js';

// Replies: form (values ending in \n) and JSON, into results or typed errors
export type { GatewayResult } from './response/gateway-result.js';
export { AUTHENTICATION_DEBUG_HINT, parseGatewayResponse, type ResponseHeaders } from './response/parse-gateway-response.js';

// The client: validate, sign, send once, read
export { createGatewayClient, type GatewayClient } from './client/create-gateway-client.js';
export type { GatewayCallOptions, GatewayClientOptions, GatewaySignatureMethod } from './client/options.js';

// Callbacks: the gateway's checksum (docs/reference/callbacks.md), verified; a fetch handler that receives them
export {
  verifyCallback,
  type CallbackParams,
  type CallbackRefusalReason,
  type CallbackStatus,
  type CallbackVerification,
  type GatewayCallback,
} from './callbacks/verify-callback.js';
export { createMemoryCallbackStore, type CallbackClaim, type CallbackSeenStore } from './callbacks/seen-store.js';
export {
  createCallbackHandler,
  type CallbackHandlerOptions,
  type CallbackHandlerRefusal,
  type CallbackOrder,
} from './callbacks/create-callback-handler.js';

// Bulk updates: many rows, one request each, concurrent, retried, journaled, resumable (file journal and CSV file reader: @paysign/gateway/node)
export { BulkError, type BulkErrorCode } from './bulk/bulk-errors.js';
export {
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
} from './bulk/bulk-types.js';
export { bulkUpdateRecurringPayments } from './bulk/bulk-update-recurring-payments.js';
export { classifyUpdateFailure, type ClassifiedFailure, type FailureKind } from './bulk/classify-failure.js';
export { createMemoryJournal, formatJournalLine, parseJournalLine, readJournalText, type BulkJournal } from './bulk/journal.js';
export { parseShard, type BulkShard } from './bulk/shard.js';
export { BULK_RESULT_COLUMNS, formatResultLine } from './bulk/results-csv.js';
export { validateBulkRow } from './bulk/validate-bulk-row.js';
