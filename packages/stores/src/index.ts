// @paysign/stores: what every engine's store shares. The stores themselves are in the engine's
// subpath (`@paysign/stores/redis`, `@paysign/stores/postgres`), so importing one never pulls in another.
export { isStoreError, StoreError, type StoreErrorCode } from './errors.js';
export { DEFAULT_DONE_TTL_MS, DEFAULT_LEASE_MS } from './lease.js';
