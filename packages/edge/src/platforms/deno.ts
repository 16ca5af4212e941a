import type { SigningProxy } from '../create-signing-proxy.js';
import { proxyFromEnv, type ProxyOverrides } from './lazy-proxy.js';

export { createDenoKvNonceStore, type DenoKvAtomicLike, type DenoKvLike, type DenoKvNonceStoreOptions } from '../stores/deno-kv.js';

interface DenoEnv {
  env: { toObject(): Record<string, string> };
}

/**
 * The signing proxy for Deno Deploy: secrets and variables come from `Deno.env`, read on the
 * first request. Give `nonceStore: createDenoKvNonceStore(Deno.openKv())` so that a signed caller
 * request is accepted once across every instance. HMAC callers (`PAYSIGN_CALLER_HMAC_SECRETS`)
 * without a `nonceStore` are a misconfiguration: every request is answered 500
 * `PROXY_MISCONFIGURED`, and nothing is forwarded (`nonceStore: 'unsafe-per-isolate-memory'` opts
 * in to memory, once per isolate).
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
    proxy ??= proxyFromEnv(
      (globalThis as { Deno?: DenoEnv }).Deno?.env.toObject() ?? {},
      overrides,
      'pass nonceStore: createDenoKvNonceStore(Deno.openKv()) to createDenoHandler',
    );
    return proxy.fetch(request);
  };
}
