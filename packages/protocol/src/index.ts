// @paysign/protocol: the gateway's rules in one home (docs/gateway-api.md), with no I/O (the capped
// body reader is @paysign/protocol/io). The client
// (@paysign/gateway), the emulator, the edge proxy and the CLI all read them from here.

// Errors: the base of every paysign gateway error, and the refusal of a request that breaks the spec
export { GatewayError, GatewayValidationError, type GatewayErrorCode } from './errors.js';

// The merchant's credentials: the login with the control key (HMAC-SHA1), the private key (RSA-SHA256) or both,
// and the method each operation signs with
export {
  checkMerchantCredentials,
  defaultSignatureMethod,
  signingKeyFor,
  type CheckedMerchantCredentials,
  type DualKeyMerchantCredentials,
  type HmacMerchantCredentials,
  type MerchantCredentials,
  type MerchantSignatureMethod,
  type OperationSigningKey,
  type RsaMerchantCredentials,
  type SignatureMethodChoices,
} from './credentials/merchant-credentials.js';

// Operations and their paths (v4 / v2)
export {
  DEFAULT_PATH_PREFIX,
  gatewayOperations,
  matchOperationPath,
  operationPath,
  operationUrl,
  type GatewayOperation,
} from './operations/operations.js';
export { isSecureGatewayUrl } from './operations/gateway-url.js';

// The field tables (each row with its wire name, kind, necessity and length) and the typed model
export type { FieldKind, FieldSpec, Necessity } from './model/field-spec.js';
export { sensitivityOf } from './model/sensitive-fields.js';
export { NOTIFY_URL_CSV_ALIAS, recurringPaymentFields, recurringPaymentWireNames } from './model/recurring-payment-fields.js';
export { panEligibilitySendFields, transferFields } from './model/transfer-fields.js';
export {
  recurringPaymentColumns,
  recurringPaymentExampleColumns,
  recurringPaymentFurtherColumns,
  type RecurringPaymentColumn,
  type RecurringPaymentRow,
} from './model/recurring-payment-columns.js';
export type * from './model/types.js';

// Wire mapping: typed values to the spec's names and back
export { fromWireRow, toWireRow } from './model/wire-row.js';
export { toPanEligibilitySendParams, toTransferParams } from './model/wire-params.js';

// Decimal amounts, exact
export { compareDecimals, fromUnits, isDecimal, scaleOf, toUnits } from './model/decimal.js';

// Calendar dates (DD.MM.YYYY)
export { formatCalendarDate, fromEpochDay, parseCalendarDate, toEpochDay, type CalendarDate } from './model/calendar-date.js';

// Card data: the one Luhn check and the one masking rule of every package
export { luhnValid } from './redact/luhn.js';
export { isShowablePan, maskPan } from './redact/mask-pan.js';
export { redactCardData } from './redact/redact-card-data.js';
export { isMasked, maskCardVerification, maskPayload, REDACTED } from './redact/masked-forms.js';
export { maskParameter } from './redact/mask-parameter.js';
export { redactBaseString, redactFormBody, redactRequest, redactUrl, type RequestToShow } from './redact/redact-request.js';

// Validation: every field-table row and rule, all issues at once; typed input and wire input alike
export type { ValidationIssue, ValidationRule } from './validation/issue.js';
export { validateRecurringPaymentRow, type ValidationOptions } from './validation/validate-recurring-payment-row.js';
export { validateRecurringPayment } from './validation/validate-recurring-payment.js';
export { validatePanEligibilitySend, validatePanEligibilitySendParams, validateTransfer, validateTransferParams } from './validation/validate-transfer.js';
// One check per operation, and the header of a CSV of rows; each issue has its row apart from its message
export {
  checkOperation,
  checkRecurringPaymentColumns,
  checkRecurringPaymentRows,
  checkRecurringPayments,
  payloadIssue,
  type CheckOptions,
} from './validation/check-operation.js';
// Each audience's line for an issue (the client's is GatewayValidationError's message): a numbered row (bulk, the emulator's reply), read back
export { describeIssue, formatRowIssue, readRowIssues, type RowIssueText } from './validation/format-issue.js';

// The recurring payment's schedule: one engine for the preview and the emulator's charges
export { isPastMaxRepeats, isStopped, scheduledCharges, type PlannedCharge } from './schedule/schedule-engine.js';
export { readScheduleRules, type ScheduleRules } from './schedule/schedule-rules.js';
export { previewSchedule, type PreviewScheduleOptions, type ScheduledCharge, type ScheduleInput } from './schedule/preview-schedule.js';

// Replies: the form encoding (each value ending in \n) and the JSON variant, written and read
export { encodeGatewayReply } from './reply/write-form-reply.js';
export { encodeGatewayJsonReply } from './reply/write-json-reply.js';
export { readFormReply } from './reply/read-form-reply.js';
export { readJsonReply } from './reply/read-json-reply.js';
export { JSON_REPLY_MEDIA_TYPE, replyFormatFor, type ReplyFormat } from './reply/reply-format.js';

// The callback checksum (docs/reference/callbacks.md)
export { callbackControl } from './callbacks/callback-checksum.js';
