import type { SigningProxy } from '../create-signing-proxy.js';
import { proxyFromEnv, type ProxyOverrides } from './lazy-proxy.js';

export { createDenoKvNonceStore, type DenoKvAtomicLike, type DenoKvLike, type DenoKvNonceStoreOptions } from '../stores/deno-kv.js';

interface DenoEnv {
  env: { toObject(): Record<string, string> };
}

/**
 * The signing proxy for Deno Deploy: secrets and variables come from `Deno.env`, read on the
 * first request. Give `nonceStore: createDenoKvNonceStore(Deno.openKv())` so that a signed caller
 * request is accepted once across every instance; without it, once per isolate only.
 *
 * @example
 * ```ts
 * // main.ts
 * import { createDenoHandler, createDenoKvNonceStore } from 'npm:@paysign/edge/deno';
 * Deno.serve(createDenoHandler({ nonceStore: createDenoKvNonceStore(Deno.openKv()) }));
 * ```
 */
export function createDenoHandler(overrides: ProxyOverrides = {}): (request: Request) => Promise<Response> {
  let proxy: SigningProxy | undefined;
  return (request) => {
    proxy ??= proxyFromEnv((globalThis as { Deno?: DenoEnv }).Deno?.env.toObject() ?? {}, overrides);
    return proxy.fetch(request);
  };
}
