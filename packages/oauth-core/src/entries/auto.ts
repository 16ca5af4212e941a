/**
 * `@paysign/oauth-core` under the default condition (an unknown runtime): crypto.subtle where it
 * exists, else pure-JS HMAC. Pure-JS RSA is never chosen here: it is not constant-time, so RSA
 * without crypto.subtle fails with `ADAPTER_UNAVAILABLE` until you import `@paysign/oauth-core/js`.
 *
 * @module
 */
import { adapter, verifyingAdapter } from '../adapters/auto.js';
import type { Signer } from '../signer/create-signer.js';
import { bindSignBaseString, bindSigner, bindVerifier, bindVerifyBaseString, type BoundApi } from './bind.js';

// Documented once, on BoundApi (bind.ts) and the adapter. One pure call per function keeps a bundle to what it uses.
export * from '../core.js';
export { verifyingAdapter as defaultAdapter } from '../adapters/auto.js';
export const createSigner: BoundApi<Signer>['createSigner'] = /* @__PURE__ */ bindSigner<Signer>(adapter);
export const createVerifier: BoundApi<Signer>['createVerifier'] = /* @__PURE__ */ bindVerifier(verifyingAdapter);
export const signBaseString: BoundApi<Signer>['signBaseString'] = /* @__PURE__ */ bindSignBaseString(adapter);
export const verifyBaseString: BoundApi<Signer>['verifyBaseString'] = /* @__PURE__ */ bindVerifyBaseString(verifyingAdapter);
