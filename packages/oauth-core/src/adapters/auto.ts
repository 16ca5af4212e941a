import type { CryptoAdapter } from './types.js';
import { adapter as js } from './js.js';
import { adapter as webcrypto } from './webcrypto.js';

/**
 * The adapter of the `default` export condition: WebCrypto where `crypto.subtle` exists, else
 * pure JS. Runtimes with a known condition (node, deno, bun, workerd, edge-light, worker,
 * browser) get their best adapter directly from the package's export map.
 */
export const adapter: CryptoAdapter = globalThis.crypto?.subtle ? webcrypto : js;
