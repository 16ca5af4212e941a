// @paysign/protocol: the gateway's rules in one home (docs/gateway-api.md), with no I/O. The root
// holds what a user of the client, the emulator, the edge proxy or the CLI writes: the requests'
// types, the merchant's credentials, the checks, the masking, calendar dates and decimal amounts,
// the callback checksum. The spec's wire level (paths, field tables, wire names, reply formats) is
// @paysign/protocol/wire; the recurring schedule (preview and charge engine) is
// @paysign/protocol/schedule; why a signed request is refused, and a request shown safely, is
// @paysign/protocol/diagnose; the capped body reader is @paysign/protocol/io.

// Errors: the base of every paysign gateway error, and the refusal of a request that breaks the spec
export { GatewayError, GatewayValidationError, type GatewayErrorCode } from './errors.js';

// The merchant's credentials: the login with the control key (HMAC-SHA1), the private key (RSA-SHA256) or both,
// and the method each operation signs with
export {
  checkMerchantCredentials,
  signingKeyFor,
  type CheckedMerchantCredentials,
  type DualKeyMerchantCredentials,
  type HmacMerchantCredentials,
  type MerchantCredentials,
  type MerchantSignatureMethod,
  type RsaMerchantCredentials,
  type SignatureMethodChoices,
} from './credentials/merchant-credentials.js';

// The operations, and the gateway URL a request may go to
export type { GatewayOperation } from './operations/operations.js';
export { checkGatewayUrl } from './operations/gateway-url.js';
export { isLoopbackHost } from './operations/loopback.js';

// The delay before a retry: doubling, capped, with full jitter
export { retryDelayMs } from './operations/retry-delay.js';
// A positive whole number: every count, cap and timeout option
export { isPositiveWholeNumber } from './operations/positive-whole-number.js';

// The typed requests (camelCase, JavaScript values), as the client takes them
export type * from './model/types.js';

// One check per operation, typed or on the wire, and the header of a CSV of rows: every issue at
// once, each with its row apart from its message
export type { ValidationIssue, ValidationRule } from './validation/issue.js';
export type { CheckOptions } from './validation/check-options.js';
export {
  checkOperation,
  checkPanEligibilitySend,
  checkRecurringPaymentColumns,
  checkRecurringPaymentRows,
  checkRecurringPayments,
  checkTransfer,
  payloadIssue,
} from './validation/check-operation.js';
// Each audience's line for an issue (the client's is GatewayValidationError's message): a numbered row (bulk, the emulator's reply), read back
export { describeIssue, formatRowIssue, readRowIssues, type RowIssueText } from './validation/format-issue.js';

// Decimal amounts, exact; calendar dates (DD.MM.YYYY) and their day numbers
export { compareDecimals, fromUnits, isDecimal, scaleOf, toUnits } from './model/decimal.js';
export { formatCalendarDate, fromEpochDay, parseCalendarDate, toEpochDay, type CalendarDate } from './model/calendar-date.js';

// Card data: the one masking rule of every package
export { maskPan } from './redact/mask-pan.js';
export { redactCardData } from './redact/redact-card-data.js';
export { isMasked, maskCardVerification, REDACTED } from './redact/masked-forms.js';
export { redactBaseString } from './redact/redact-request.js';

// The callback checksum (docs/reference/callbacks.md)
export { callbackControl } from './callbacks/callback-checksum.js';
