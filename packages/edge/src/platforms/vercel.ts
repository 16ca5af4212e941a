import type { SigningProxy } from '../create-signing-proxy.js';
import { proxyFromEnv, type ProxyOverrides } from './lazy-proxy.js';

/**
 * The signing proxy as a Vercel Edge Function (or a Next.js route handler with
 * `runtime = 'edge'`): secrets and variables come from `process.env`, read on the first request.
 * Vercel has no store of its own at the edge: give `nonceStore` (a NonceStore over Upstash Redis
 * or another shared store, see the README) so that a signed caller request is accepted once across
 * every instance. HMAC callers (`PAYSIGN_CALLER_HMAC_SECRETS`) without a `nonceStore` are a
 * misconfiguration: every request is answered 500 `PROXY_MISCONFIGURED`, and nothing is forwarded
 * (`nonceStore: 'unsafe-per-isolate-memory'` opts in to memory, once per isolate).
 *
 * @example
 * ```ts
 * // app/payment/[...path]/route.ts
 * import { createVercelHandler } from '@paysign/edge/vercel';
 * export const runtime = 'edge';
 * export const POST = createVercelHandler();
 * ```
 */
export function createVercelHandler(overrides: ProxyOverrides = {}): (request: Request) => Promise<Response> {
  let proxy: SigningProxy | undefined;
  return (request) => {
    proxy ??= proxyFromEnv(
      (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {},
      overrides,
      'pass nonceStore (a NonceStore over a shared store such as Upstash Redis, see the README) to createVercelHandler',
    );
    return proxy.fetch(request);
  };
}
