import type { SigningProxy } from '../create-signing-proxy.js';
import { proxyFromEnv, type ProxyOverrides } from './lazy-proxy.js';

interface DenoEnv {
  env: { toObject(): Record<string, string> };
}

/**
 * The signing proxy for Deno Deploy: secrets and variables come from `Deno.env`, read on the
 * first request.
 *
 * @example
 * ```ts
 * // main.ts
 * import { createDenoHandler } from 'npm:@paysign/edge/deno';
 * Deno.serve(createDenoHandler());
 * ```
 */
export function createDenoHandler(overrides: ProxyOverrides = {}): (request: Request) => Promise<Response> {
  let proxy: SigningProxy | undefined;
  return (request) => {
    proxy ??= proxyFromEnv((globalThis as { Deno?: DenoEnv }).Deno?.env.toObject() ?? {}, overrides);
    return proxy.fetch(request);
  };
}
