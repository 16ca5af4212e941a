// @paysign/oauth-core/js: the core bound to pure JavaScript (@noble/hashes, micro-rsa-dsa-dh),
// for runtimes with neither node:crypto nor crypto.subtle. Synchronous. Its RSA is not
// constant-time: sign your own requests with it, never on request of others.
import { adapter, verifyingAdapter } from '../adapters/js.js';
import type { SyncSigner } from '../signer/create-signer.js';
import { bindAdapters } from './bind.js';

export * from '../core.js';
/** This entry point's adapter, with RSA verification. */
export const defaultAdapter: typeof verifyingAdapter = verifyingAdapter;
export const { createSigner, createVerifier, signBaseString, verifyBaseString } = bindAdapters<SyncSigner>(adapter, verifyingAdapter);
