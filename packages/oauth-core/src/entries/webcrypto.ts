// @paysign/oauth-core/webcrypto (and the package under the workerd, edge-light, worker and
// browser conditions): the core bound to crypto.subtle. Asynchronous: signers have no signSync.
import type { Signer } from '../signer/create-signer.js';
import { adapter, verifyingAdapter } from '../adapters/webcrypto.js';
import { bindAdapters } from './bind.js';

export * from '../core.js';
/** This entry point's adapter, with RSA verification. */
export const defaultAdapter: typeof verifyingAdapter = verifyingAdapter;
export const { createSigner, createVerifier, signBaseString, verifyBaseString } = bindAdapters<Signer>(adapter, verifyingAdapter);
