import type { NonceStore } from '@paysign/oauth-core/webcrypto';
import { createSigningProxy, type SigningProxy } from '../create-signing-proxy.js';
import { EdgeError, isEdgeError } from '../errors.js';
import type { SigningProxyOptions } from '../options.js';
import { errorResponse } from '../reply/json-error.js';
import { optionsFromEnv, type ProxyEnv } from './env.js';

/** The explicit opt-in to the in-memory nonce store, which holds within one isolate only. */
export const PER_ISOLATE_NONCES = 'unsafe-per-isolate-memory';

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
   * Where used caller signatures are remembered (`callers.nonceStore`): a shared store, so that a
   * signed request is accepted once across every instance. Required when
   * `PAYSIGN_CALLER_HMAC_SECRETS` is set: without it the proxy refuses every request with 500
   * `PROXY_MISCONFIGURED`. `'unsafe-per-isolate-memory'` opts in to memory instead, where each
   * isolate accepts the same signed request once (a transfer may then be executed once per isolate).
   */
  nonceStore?: NonceStore | 'unsafe-per-isolate-memory';
};

/**
 * A proxy built from an environment on its first request. A configuration error is answered as
 * a 500 JSON error naming the variable, on every request, instead of crashing the isolate. With
 * HMAC callers, a nonce store must be given (or per-isolate memory chosen by name):
 * `sharedStore` says how to give one on this platform, for the error.
 */
export function proxyFromEnv(env: ProxyEnv, overrides: ProxyOverrides, sharedStore: string): SigningProxy {
  try {
    const { nonceStore, ...rest } = overrides;
    const options = optionsFromEnv(env);
    if (nonceStore === undefined && options.callers.hmacSecrets !== undefined && options.callers.hmacSecrets.length > 0) {
      throw new EdgeError(
        'INVALID_OPTIONS',
        `PAYSIGN_CALLER_HMAC_SECRETS is set but no shared nonce store is: ${sharedStore}, so that a signed request is accepted once across every isolate (nothing is forwarded until then)`,
      );
    }
    if (nonceStore !== undefined && nonceStore !== PER_ISOLATE_NONCES) {
      if (typeof (nonceStore as Partial<NonceStore> | null)?.remember !== 'function') {
        throw new EdgeError('INVALID_OPTIONS', `nonceStore must be a NonceStore (with remember) or '${PER_ISOLATE_NONCES}'`);
      }
      options.callers = { ...options.callers, nonceStore };
    }
    return createSigningProxy({ ...options, ...rest });
  } catch (error) {
    if (!isEdgeError(error)) throw error;
    const message = `the proxy is misconfigured: ${error.message}`;
    return { fetch: async () => errorResponse({ code: 'PROXY_MISCONFIGURED', message }) };
  }
}
