// @paysign/gateway/server: what a server of the same API needs (the emulator, the edge proxy):
// routing of operation paths, the spec's field tables and wire names, validation of requests as
// received (wire parameters and CSV rows), the schedule engine, and the callback checksum.
// A client needs none of it: see @paysign/gateway.

// Operations and their paths (v4 / v2)
export {
  DEFAULT_PATH_PREFIX,
  gatewayOperations,
  matchOperationPath,
  operationPath,
  operationUrl,
  type MatchedOperationPath,
} from './operations/operations.js';

// The spec's field tables and wire names
export type { FieldKind, FieldSpec, Necessity } from './model/field-spec.js';
export {
  NOTIFY_URL_CSV_ALIAS,
  recurringPaymentFields,
  recurringPaymentWireNames,
  type RecurringPaymentProperty,
  type RecurringPaymentWireName,
} from './model/recurring-payment-fields.js';
export { panEligibilitySendFields, transferFields } from './model/transfer-fields.js';
export { fromWireRow, toWireRow, type RecurringPaymentRecord } from './model/wire-row.js';
export { toPanEligibilitySendParams, toTransferParams } from './model/wire-params.js';

// Validation of requests as received
export { validateRecurringPaymentRow } from './validation/validate-recurring-payment-row.js';
export { validatePanEligibilitySendParams, validateTransferParams } from './validation/validate-transfer.js';

// The recurring payment's schedule: one engine for previewSchedule and the emulator's charges
export { isStopped, scheduledCharges, type PlannedCharge, type ScheduleCursor } from './schedule/schedule-engine.js';
export { readScheduleRules, type AmountRule, type ScheduleRules } from './schedule/schedule-rules.js';

// Bodies read with a cap (requests as received)
export { declaredTooLarge, readCappedBytes, type BodyCarrier } from './transport/read-capped-bytes.js';

// The callback checksum the gateway computes (docs/reference/callbacks.md)
export { callbackControl } from './callbacks/callback-checksum.js';
