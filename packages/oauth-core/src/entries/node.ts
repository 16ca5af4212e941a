// @paysign/oauth-core/node (and the package under the node, deno and bun conditions): the core
// bound to node:crypto. Synchronous, so its signers have signSync; createHmac beats crypto.subtle
// ~7x for HMAC on Node (see bench/).
import { adapter, verifyingAdapter } from '../adapters/node.js';
import type { SyncSigner } from '../signer/create-signer.js';
import { bindAdapters } from './bind.js';

export * from '../core.js';
/** This entry point's adapter, with RSA verification. */
export const defaultAdapter: typeof verifyingAdapter = verifyingAdapter;
export const { createSigner, createVerifier, signBaseString, verifyBaseString } = bindAdapters<SyncSigner>(adapter, verifyingAdapter);
