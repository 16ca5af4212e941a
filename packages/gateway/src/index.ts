// @paysign/gateway: the gateway's operations, typed, validated, signed, sent and understood.
// Data flows one way: typed request -> validation -> wire names -> payload codec -> signer -> transport -> parsed reply.
export {
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

// The types a client user writes, from @paysign/protocol: the requests and their parts, the
// merchant's credentials, the issues of a refusal. Everything else of the rules (masking, dates, the
// schedule preview, the columns, validation on its own) is imported from @paysign/protocol itself.
export type {
  AmountMode,
  AmountSequence,
  Callback,
  DateInput,
  DecimalString,
  DualKeyMerchantCredentials,
  FixedAmount,
  HmacMerchantCredentials,
  IntegerInput,
  MerchantCredentials,
  NoSchedule,
  PanEligibilitySendRequest,
  Period,
  RandomAmount,
  RecurringPaymentFields,
  RecurringPaymentType,
  RecurringPaymentUpdate,
  RsaMerchantCredentials,
  Schedule,
  SignatureMethodChoices,
  TransferDestination,
  TransferRequest,
  TransferSource,
  ValidationIssue,
  ValidationRule,
} from '@paysign/protocol';

// Replies: form (values ending in \n) and JSON, into results or typed errors
export type { GatewayResult, GatewayStatus } from './response/gateway-result.js';
export { AUTHENTICATION_DEBUG_HINT, parseGatewayResponse, type ResponseHeaders } from './response/parse-gateway-response.js';

// What the client and the callback handler report: one span per operation and per callback
// (openTelemetry() of @paysign/gateway/opentelemetry makes one on @opentelemetry/api)
export type { GatewayTelemetry, TelemetryAttributes, TelemetrySpan } from './telemetry/telemetry.js';

// The client: validate, sign, send once, read
export { createGatewayClient, type GatewayClient } from './client/create-gateway-client.js';
// The update-recurring-payments `payload` parameter of rows in the wire format (@paysign/bulk writes its rows with it)
export { recurringPaymentPayload } from '@paysign/protocol/wire';
export {
  DEFAULT_MAX_REPLY_BYTES,
  DEFAULT_TIMEOUT_MS,
  type GatewayCallOptions,
  type GatewayClientOptions,
  type GatewayClientSettings,
  type GatewayRequestOptions,
  type GatewaySignatureMethod,
} from './client/options.js';
// Why no reply came: the cause of a failed fetch, and whether it says the gateway was not reached (@paysign/bulk reads them)
export { isUnreachable, transportCause } from './client/transport-cause.js';

// Callbacks: the gateway's checksum (docs/reference/callbacks.md), verified; a fetch handler that receives them
export {
  verifyCallback,
  type CallbackParams,
  type CallbackRefusalReason,
  type CallbackStatus,
  type CallbackVerification,
  type GatewayCallback,
} from './callbacks/verify-callback.js';
export { createMemoryCallbackStore, type CallbackClaim, type CallbackSeenStore, type MemoryCallbackStoreOptions } from './callbacks/seen-store.js';
export { createTestCallback, type TestCallbackOptions } from './callbacks/create-test-callback.js';
export {
  createCallbackHandler,
  type CallbackHandlerOptions,
  type CallbackHandlerRefusal,
  type CallbackHandling,
  type CallbackOrder,
} from './callbacks/create-callback-handler.js';
