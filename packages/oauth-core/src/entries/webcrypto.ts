/**
 * `@paysign/oauth-core/webcrypto`, and the package under the workerd, edge-light, worker and
 * browser conditions: the core bound to crypto.subtle (never imports node:crypto).
 * Asynchronous: its signers have `sign` only.
 *
 * @module
 */
import { adapter, verifyingAdapter } from '../adapters/webcrypto.js';
import type { Signer } from '../signer/create-signer.js';
import { bindSignBaseString, bindSigner, bindVerifier, bindVerifyBaseString, type BoundApi } from './bind.js';

// Documented once, on BoundApi (bind.ts) and the adapter. One pure call per function keeps a bundle to what it uses.
export * from '../core.js';
export { verifyingAdapter as defaultAdapter } from '../adapters/webcrypto.js';
export const createSigner: BoundApi<Signer>['createSigner'] = /* @__PURE__ */ bindSigner<Signer>(adapter);
export const createVerifier: BoundApi<Signer>['createVerifier'] = /* @__PURE__ */ bindVerifier(verifyingAdapter);
export const signBaseString: BoundApi<Signer>['signBaseString'] = /* @__PURE__ */ bindSignBaseString(adapter);
export const verifyBaseString: BoundApi<Signer>['verifyBaseString'] = /* @__PURE__ */ bindVerifyBaseString(verifyingAdapter);
