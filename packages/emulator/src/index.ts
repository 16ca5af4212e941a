// @paysign/emulator: the payment gateway, locally, as a WinterCG fetch handler.
export { createEmulator, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_PARAMETERS, type Emulator, type EmulatorOptions } from './create-emulator.js';
export { EmulatorError, type EmulatorErrorCode } from './errors.js';
export { lineLog, type EmulatorEvent, type EmulatorLog, type OperationName, type RequestShapeReason } from './log.js';
export { escapeLogValue } from './log-escape.js';
export { maskPan } from './mask.js';

// Merchants
export type { MerchantAccount, RegisteredMerchant } from './merchants/merchant-account.js';
export { createMerchantRegistry, type MerchantRegistry } from './merchants/merchant-registry.js';

// Recurring payments
export type { ProfileChange, ProfileFields, ProfileStore, StoredProfile } from './store/profile-store.js';
export { createMemoryProfileStore } from './store/memory-store.js';
export { publicProfileFields, REDACTED } from './store/public-profile.js';
export { parseProfiles } from './store/load-profiles.js';
export { applyUpdateRow } from './operations/apply-update.js';
export { VALIDATION_ERROR_CODE } from './operations/context.js';
export type { PanEligibilityValidator, RowIssue, RowValidator, RuleOptions, TransferValidator } from './operations/row-validation.js';

// Replies
export { encodeGatewayReply } from './reply/form-reply.js';
export { GATEWAY_HEADERS } from './reply/headers.js';

// Recurring payments in time: clock, charges, callbacks, admin API
export { createClock, dateOf, epochDayOf, type EmulatorClock } from './clock/emulator-clock.js';
export { drawAmount } from './recurring/draw-amount.js';
export type { ChargeRecord, PaymentLife, RecurringEngine } from './recurring/recurring-engine.js';
export { DEFAULT_CALLBACK_ATTEMPTS, DEFAULT_CALLBACK_BACKOFF_MS, type CallbackDelivery } from './callbacks/callback-sender.js';
export { MAX_ADVANCE_DAYS } from './admin/admin-routes.js';
export type { AdminAccess } from './admin/loopback.js';
