// @paysign/protocol/wire: the spec's wire level, which the client, bulk, the emulator, the edge
// proxy and the CLI build on: the operations' paths, the field tables with their wire names, the
// mapping of typed requests to wire names and back, and the reply formats, written and read.

// Operations and their paths (v4 / v2)
export { DEFAULT_PATH_PREFIX, gatewayOperations, matchOperationPath, operationPath, operationUrl } from './operations/operations.js';

// The field tables (each row with its wire name, kind, necessity and length)
export type { FieldKind, FieldSpec, Necessity } from './model/field-spec.js';
export { sensitivityOf } from './model/sensitive-fields.js';
export { NOTIFY_URL_CSV_ALIAS, recurringPaymentFields, recurringPaymentWireNames } from './model/recurring-payment-fields.js';
export { panEligibilitySendFields, transferFields } from './model/transfer-fields.js';
export { recurringPaymentColumns, type RecurringPaymentColumn, type RecurringPaymentRow } from './model/recurring-payment-columns.js';
// The update-recurring-payments `payload` parameter: the rows as the spec's CSV, in Base64
export { recurringPaymentPayload } from './model/recurring-payment-payload.js';

// Wire mapping: typed values to the spec's names and back
export { fromWireRow, toWireRow } from './model/wire-row.js';
export { toPanEligibilitySendParams, toTransferParams } from './model/wire-params.js';

// Replies: the form encoding (each value ending in \n) and the JSON variant, written and read
export { encodeGatewayReply } from './reply/write-form-reply.js';
export { encodeGatewayJsonReply } from './reply/write-json-reply.js';
export { readFormReply } from './reply/read-form-reply.js';
export { readJsonReply } from './reply/read-json-reply.js';
export { JSON_REPLY_MEDIA_TYPE, replyFormatFor, type ReplyFormat } from './reply/reply-format.js';
