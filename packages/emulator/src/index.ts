// @paysign/emulator: the payment gateway, locally, as a WinterCG fetch handler.
export { createEmulator } from './create-emulator.js';
export {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_ORDERS,
  DEFAULT_MAX_PARAMETERS,
  DEFAULT_MAX_REQUEST_LOG_BYTES,
  DEFAULT_OUTCOME_DELAY_MS,
  type Emulator,
  type EmulatorOptions,
} from './emulator-options.js';
export type { OrderBook } from './orders/order-book.js';
export type { NewOrder, OrderView } from './orders/order.js';
export { FINAL_OUTCOMES, isFinalOutcome, TEST_CARDS, testCardOutcome, type FinalOutcome } from './orders/test-cards.js';
export { EmulatorError, type EmulatorErrorCode } from './errors.js';
export { lineLog, type EmulatorEvent, type EmulatorLog, type OperationName, type RefusalReason, type RequestShapeReason } from './log.js';
export { escapeLogValue } from './log-escape.js'; // for custom log sinks (see the README's Security section)

// Merchants
export type { MerchantAccount, RegisteredMerchant } from './merchants/merchant-account.js';
export { createMerchantRegistry, type MerchantRegistry } from './merchants/merchant-registry.js';
export type { PaymentOwner, PaymentOwners } from './merchants/payment-owners.js';

// Recurring payments
export type { ProfileChange, ProfileFields, ProfileStore, StoredProfile } from './store/profile-store.js';
export { createMemoryProfileStore } from './store/memory-store.js';
export { parseProfiles } from './store/load-profiles.js';

// Recurring payments in time: clock, charges, callbacks, admin API
export type { EmulatorClock } from './clock/emulator-clock.js';
export type { RecurringEngine } from './recurring/recurring-engine.js';
export type { PaymentLife } from './recurring/payment-life.js';
export { type ChargeRecord, MAX_CHARGES_KEPT } from './recurring/payment-state.js';
export {
  DEFAULT_CALLBACK_ATTEMPTS,
  DEFAULT_CALLBACK_BACKOFF_MS,
  DEFAULT_MAX_CALLBACKS_IN_FLIGHT,
  type CallbackDelivery,
} from './callbacks/callback-sender.js';
export type { AdminAccess } from './admin/loopback.js';

// State that survives a restart (the file backend is in @paysign/emulator/node)
export type { EmulatorSnapshot, EmulatorStateBackend, PaymentRecord, StateChanges } from './state/emulator-snapshot.js';
export type { OrderRecord } from './orders/order-record.js';
export type { EngineSnapshot } from './recurring/engine-snapshot.js';
