// @paysign/oauth-core/webcrypto (and the package under the workerd, edge-light, worker and
// browser conditions): the core bound to crypto.subtle. Asynchronous: signers have no signSync.
import { adapter, verifyingAdapter } from '../adapters/webcrypto.js';
import type { VerifyingAdapter } from '../adapters/types.js';
import type { Signer } from '../signer/create-signer.js';
import { bindSignBaseString, bindSigner, bindVerifier, bindVerifyBaseString, type BoundApi } from './bind.js';

export * from '../core.js';
/** This entry point's adapter, with RSA verification. */
export const defaultAdapter: VerifyingAdapter = verifyingAdapter;
export const createSigner: BoundApi<Signer>['createSigner'] = /* @__PURE__ */ bindSigner<Signer>(adapter);
export const createVerifier: BoundApi<Signer>['createVerifier'] = /* @__PURE__ */ bindVerifier(verifyingAdapter);
export const signBaseString: BoundApi<Signer>['signBaseString'] = /* @__PURE__ */ bindSignBaseString(adapter);
export const verifyBaseString: BoundApi<Signer>['verifyBaseString'] = /* @__PURE__ */ bindVerifyBaseString(verifyingAdapter);
