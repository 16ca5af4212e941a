import type { SigningProxy } from '../create-signing-proxy.js';
import type { ProxyEnv } from './env.js';
import { proxyFromEnv, type ProxyOverrides } from './lazy-proxy.js';

/** A Workers service binding (or anything with a `fetch`), used as the gateway when bound as `PAYSIGN_UPSTREAM`. */
interface Fetcher {
  fetch(request: Request): Promise<Response>;
}

/** A Cloudflare Workers module worker. */
export interface CloudflareWorker {
  fetch(request: Request, env: ProxyEnv, ctx?: unknown): Promise<Response>;
}

/**
 * The signing proxy as a Cloudflare Workers module worker: secrets and variables come from `env`
 * (see `optionsFromEnv`), read on the first request of each isolate. With a service binding
 * named `PAYSIGN_UPSTREAM` the signed requests go through it instead of the public internet.
 *
 * @example
 * ```ts
 * // src/worker.ts, with wrangler secrets PAYSIGN_CONTROL_KEY and PAYSIGN_CALLER_TOKENS
 * import { createCloudflareWorker } from '@paysign/edge/cloudflare';
 * export default createCloudflareWorker({ timeoutMs: 10_000 });
 * ```
 */
export function createCloudflareWorker(overrides: ProxyOverrides = {}): CloudflareWorker {
  // Workers hands the same env object to every request of an isolate.
  const proxies = new WeakMap<object, SigningProxy>();
  return {
    fetch(request, env) {
      let proxy = proxies.get(env);
      if (!proxy) {
        const upstream = env.PAYSIGN_UPSTREAM as Fetcher | undefined;
        const fetch = typeof upstream?.fetch === 'function' ? (req: Request) => upstream.fetch(req) : undefined;
        proxy = proxyFromEnv(env, fetch ? { fetch, ...overrides } : overrides);
        proxies.set(env, proxy);
      }
      return proxy.fetch(request);
    },
  };
}

/** The ready module worker: `export { default } from '@paysign/edge/cloudflare'`. */
const worker: CloudflareWorker = /* @__PURE__ */ createCloudflareWorker();
export default worker;
