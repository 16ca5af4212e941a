// @paysign/emulator: the payment gateway, locally, as a WinterCG fetch handler.
export { createEmulator, type Emulator, type EmulatorOptions } from './create-emulator.js';
export { EmulatorError, type EmulatorErrorCode } from './errors.js';
export { lineLog, type EmulatorEvent, type EmulatorLog, type OperationName } from './log.js';
export { maskPan } from './mask.js';

// Merchants
export type { MerchantAccount, RegisteredMerchant } from './merchants/merchant-account.js';
export { createMerchantRegistry, type MerchantRegistry } from './merchants/merchant-registry.js';

// Recurring payments
export type { ProfileChange, ProfileFields, ProfileStore, StoredProfile } from './store/profile-store.js';
export { createMemoryProfileStore } from './store/memory-store.js';
export { parseProfiles } from './store/load-profiles.js';
export { applyUpdateRow } from './operations/apply-update.js';
export { VALIDATION_ERROR_CODE } from './operations/context.js';
export type { PanEligibilityValidator, RowIssue, RowValidator, RuleOptions, TransferValidator } from './operations/row-validation.js';

// Replies
export { encodeGatewayReply } from './reply/form-reply.js';
export { GATEWAY_HEADERS } from './reply/headers.js';
