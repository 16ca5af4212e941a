import type { CryptoAdapter, VerifyingAdapter } from './types.js';
import { adapter as jsAdapter, verifyingAdapter as jsVerifyingAdapter } from './js.js';
import { adapter as webcryptoAdapter, verifyingAdapter as webcryptoVerifyingAdapter } from './webcrypto.js';

// The adapter of the `default` export condition: WebCrypto where `crypto.subtle` exists, else
// pure JS. Runtimes with a known condition (node, deno, bun, workerd, edge-light, worker,
// browser) get their best adapter directly from the package's export map.
const hasSubtle = Boolean(globalThis.crypto?.subtle);

/** The signing adapter (no `rsaPublic`): the default of `createSigner`. */
export const adapter: CryptoAdapter = hasSubtle ? webcryptoAdapter : jsAdapter;

/** The same adapter with RSA verification: the default of `createVerifier`, and `defaultAdapter`. */
export const verifyingAdapter: VerifyingAdapter = hasSubtle ? webcryptoVerifyingAdapter : jsVerifyingAdapter;
