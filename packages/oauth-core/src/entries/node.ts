/**
 * `@paysign/oauth-core/node`, and the package under the node, deno and bun conditions: the core
 * bound to node:crypto. Synchronous, so its signers have `signSync`; createHmac beats
 * crypto.subtle ~7x for HMAC on Node (see bench/).
 *
 * @module
 */
import { adapter, verifyingAdapter } from '../adapters/node.js';
import type { SyncSigner } from '../signer/create-signer.js';
import { bindSignBaseString, bindSigner, bindVerifier, bindVerifyBaseString, type BoundApi } from './bind.js';

// Documented once, on BoundApi (bind.ts) and the adapter. One pure call per function keeps a bundle to what it uses.
export * from '../core.js';
export { verifyingAdapter as defaultAdapter } from '../adapters/node.js';
export const createSigner: BoundApi<SyncSigner>['createSigner'] = /* @__PURE__ */ bindSigner<SyncSigner>(adapter);
export const createVerifier: BoundApi<SyncSigner>['createVerifier'] = /* @__PURE__ */ bindVerifier(verifyingAdapter);
export const signBaseString: BoundApi<SyncSigner>['signBaseString'] = /* @__PURE__ */ bindSignBaseString(adapter);
export const verifyBaseString: BoundApi<SyncSigner>['verifyBaseString'] = /* @__PURE__ */ bindVerifyBaseString(verifyingAdapter);
