import type { NonceStore } from '@paysign/oauth-core/webcrypto';
import type { SigningProxy } from '../create-signing-proxy.js';
import { errorResponse } from '../reply/json-error.js';
import { createDurableObjectNonceStore, isDurableObjectNamespace } from '../stores/durable-object.js';
import type { ProxyEnv } from './env.js';
import { proxyFromEnv, type ProxyOverrides } from './lazy-proxy.js';

export {
  createDurableObjectNonceStore,
  PaysignNonceStore,
  type DurableObjectNamespaceLike,
  type DurableObjectStateLike,
  type DurableObjectStorageLike,
} from '../stores/durable-object.js';

/** A Workers service binding (or anything with a `fetch`), used as the gateway when bound as `PAYSIGN_UPSTREAM`. */
interface Fetcher {
  fetch(request: Request): Promise<Response>;
}

/**
 * A Cloudflare Workers module worker.
 *
 * @example
 * ```ts
 * import { createCloudflareWorker, type CloudflareWorker } from '@paysign/edge/cloudflare';
 *
 * const worker: CloudflareWorker = createCloudflareWorker();
 * export default worker;
 * ```
 */
export interface CloudflareWorker {
  fetch(request: Request, env: ProxyEnv, ctx?: unknown): Promise<Response>;
}

/**
 * Options in code for the Workers entry; `nonceStore` may be made from `env`, where the bindings are.
 *
 * @example
 * ```ts
 * import { createCloudflareWorker, createDurableObjectNonceStore, type CloudflareOverrides } from '@paysign/edge/cloudflare';
 *
 * const overrides: CloudflareOverrides = {
 *   timeoutMs: 10_000,
 *   nonceStore: (env) => createDurableObjectNonceStore(env.MY_NONCES as DurableObjectNamespaceLike),
 * };
 * export default createCloudflareWorker(overrides);
 * ```
 */
export type CloudflareOverrides = Omit<ProxyOverrides, 'nonceStore'> & {
  /**
   * A shared nonce store, or a function of `env` that makes one. Default: the `PAYSIGN_NONCE_STORE`
   * Durable Object binding; when it is not bound and `PAYSIGN_CALLER_HMAC_SECRETS` is set, every
   * request is refused with 500 `PROXY_MISCONFIGURED` naming the binding.
   * `'unsafe-per-isolate-memory'` opts in to memory instead: each isolate then accepts the same
   * signed request once, so a transfer may be executed once per isolate.
   */
  nonceStore?: NonceStore | 'unsafe-per-isolate-memory' | ((env: ProxyEnv) => NonceStore);
};

/**
 * The env binding of the {@link PaysignNonceStore} Durable Object namespace.
 *
 * @example
 * ```ts
 * import { NONCE_STORE_BINDING } from '@paysign/edge/cloudflare';
 *
 * // wrangler.toml: [[durable_objects.bindings]] name = "PAYSIGN_NONCE_STORE", class_name = "PaysignNonceStore"
 * const shared = env[NONCE_STORE_BINDING] !== undefined;
 * ```
 */
export const NONCE_STORE_BINDING = 'PAYSIGN_NONCE_STORE';

/**
 * The signing proxy as a Cloudflare Workers module worker: secrets and variables come from `env`
 * (see `optionsFromEnv`), read on the first request of each isolate. With a service binding
 * named `PAYSIGN_UPSTREAM` the signed requests go through it instead of the public internet. With
 * the {@link PaysignNonceStore} Durable Object bound as `PAYSIGN_NONCE_STORE`, a signed caller
 * request is accepted once across every isolate. HMAC callers (`PAYSIGN_CALLER_HMAC_SECRETS`)
 * without that binding (or another `nonceStore`) are a misconfiguration: every request is answered
 * 500 `PROXY_MISCONFIGURED` naming the binding, and nothing is forwarded.
 *
 * @example
 * ```ts
 * // src/worker.ts, with wrangler secrets PAYSIGN_CONTROL_KEY and PAYSIGN_CALLER_HMAC_SECRETS
 * import { createCloudflareWorker, PaysignNonceStore } from '@paysign/edge/cloudflare';
 * export { PaysignNonceStore };
 * export default createCloudflareWorker({ timeoutMs: 10_000 });
 * ```
 */
export function createCloudflareWorker(overrides: CloudflareOverrides = {}): CloudflareWorker {
  // Workers hands the same env object to every request of an isolate.
  const proxies = new WeakMap<object, SigningProxy>();
  const { nonceStore, ...rest } = overrides;
  return {
    fetch(request, env) {
      let proxy = proxies.get(env);
      if (!proxy) {
        const upstream = env.PAYSIGN_UPSTREAM as Fetcher | undefined;
        const fetch = typeof upstream?.fetch === 'function' ? (req: Request) => upstream.fetch(req) : undefined;
        const bound = env[NONCE_STORE_BINDING];
        let store: NonceStore | 'unsafe-per-isolate-memory' | undefined;
        if (typeof nonceStore === 'function') store = nonceStore(env);
        else if (nonceStore !== undefined) store = nonceStore;
        else if (isDurableObjectNamespace(bound)) store = createDurableObjectNonceStore(bound);
        else if (bound !== undefined) {
          const refusal = errorResponse({
            code: 'PROXY_MISCONFIGURED',
            message: `the proxy is misconfigured: ${NONCE_STORE_BINDING} must be a Durable Object namespace binding (class PaysignNonceStore)`,
          });
          return Promise.resolve(refusal);
        }
        proxy = proxyFromEnv(
          env,
          { ...(fetch && { fetch }), ...rest, ...(store !== undefined && { nonceStore: store }) },
          `bind the PaysignNonceStore Durable Object as ${NONCE_STORE_BINDING} (and export the class from the worker's main module)`,
        );
        proxies.set(env, proxy);
      }
      return proxy.fetch(request);
    },
  };
}

/**
 * The ready module worker: `export { default } from '@paysign/edge/cloudflare'`.
 *
 * @example
 * ```ts
 * // src/worker.ts: every setting from wrangler secrets and variables (see optionsFromEnv)
 * export { default, PaysignNonceStore } from '@paysign/edge/cloudflare';
 * ```
 */
const worker: CloudflareWorker = /* @__PURE__ */ createCloudflareWorker();
export default worker;
