// @paysign/oauth-core under the default condition (an unknown runtime): crypto.subtle where it
// exists, else pure-JS HMAC. Pure-JS RSA is never chosen here: it is not constant-time, so RSA
// without crypto.subtle fails with ADAPTER_UNAVAILABLE until you import @paysign/oauth-core/js.
import type { Signer } from '../signer/create-signer.js';
import { adapter, verifyingAdapter } from '../adapters/auto.js';
import { bindAdapters } from './bind.js';

export * from '../core.js';
/** This entry point's adapter, with RSA verification. */
export const defaultAdapter: typeof verifyingAdapter = verifyingAdapter;
export const { createSigner, createVerifier, signBaseString, verifyBaseString } = bindAdapters<Signer>(adapter, verifyingAdapter);
