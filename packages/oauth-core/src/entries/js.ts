/**
 * `@paysign/oauth-core/js`: the core bound to pure JavaScript (@noble/hashes, micro-rsa-dsa-dh),
 * for runtimes with neither node:crypto nor crypto.subtle. Synchronous. Its RSA is not
 * constant-time: sign your own requests with it, never on request of others.
 *
 * @module
 */
import { adapter, verifyingAdapter } from '../adapters/js.js';
import type { SyncSigner } from '../signer/create-signer.js';
import { bindSignBaseString, bindSigner, bindVerifier, bindVerifyBaseString, type BoundApi } from './bind.js';

// Documented once, on BoundApi (bind.ts) and the adapter. One pure call per function keeps a bundle to what it uses.
export * from '../core.js';
export { verifyingAdapter as defaultAdapter } from '../adapters/js.js';
export const createSigner: BoundApi<SyncSigner>['createSigner'] = /* @__PURE__ */ bindSigner<SyncSigner>(adapter);
export const createVerifier: BoundApi<SyncSigner>['createVerifier'] = /* @__PURE__ */ bindVerifier(verifyingAdapter);
export const signBaseString: BoundApi<SyncSigner>['signBaseString'] = /* @__PURE__ */ bindSignBaseString(adapter);
export const verifyBaseString: BoundApi<SyncSigner>['verifyBaseString'] = /* @__PURE__ */ bindVerifyBaseString(verifyingAdapter);
