import type { NonceStore } from '@paysign/oauth-core/webcrypto';
import { createSigningProxy, type SigningProxy } from '../create-signing-proxy.js';
import { isEdgeError } from '../errors.js';
import type { SigningProxyOptions } from '../options.js';
import { errorResponse } from '../reply/json-error.js';
import { optionsFromEnv, type ProxyEnv } from './env.js';

/**
 * Options given in code, on top of those read from the environment (secrets stay in the environment).
 *
 * @example
 * ```ts
 * import { createDenoHandler, createDenoKvNonceStore } from '@paysign/edge/deno';
 * import type { ProxyOverrides } from '@paysign/edge';
 *
 * const overrides: ProxyOverrides = { timeoutMs: 10_000, nonceStore: createDenoKvNonceStore(Deno.openKv()) };
 * Deno.serve(createDenoHandler(overrides));
 * ```
 */
export type ProxyOverrides = Partial<Omit<SigningProxyOptions, 'merchant' | 'callers'>> & {
  /**
   * Where used caller signatures are remembered (`callers.nonceStore`): give a shared store so that
   * a signed request is accepted once across every instance, not once per isolate.
   */
  nonceStore?: NonceStore;
};

/**
 * A proxy built from an environment on its first request. A configuration error is answered as
 * a 500 JSON error naming the variable, on every request, instead of crashing the isolate.
 */
export function proxyFromEnv(env: ProxyEnv, overrides: ProxyOverrides): SigningProxy {
  try {
    const { nonceStore, ...rest } = overrides;
    const options = optionsFromEnv(env);
    if (nonceStore !== undefined) options.callers = { ...options.callers, nonceStore };
    return createSigningProxy({ ...options, ...rest });
  } catch (error) {
    if (!isEdgeError(error)) throw error;
    const message = `the proxy is misconfigured: ${error.message}`;
    return { fetch: async () => errorResponse({ code: 'PROXY_MISCONFIGURED', message }) };
  }
}
