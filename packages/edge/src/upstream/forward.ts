import type { SignedRequest } from '@paysign/oauth-core/webcrypto';
import type { Refusal } from '../reply/json-error.js';

/**
 * Sends a request upstream: `globalThis.fetch`, or a platform binding such as a Workers service binding.
 *
 * @example
 * ```ts
 * import { createSigningProxy, type UpstreamFetch } from '@paysign/edge';
 *
 * // Through a Workers service binding instead of the public internet.
 * const fetchUpstream: UpstreamFetch = (request) => env.GATEWAY.fetch(request);
 * const proxy = createSigningProxy({ ...options, fetch: fetchUpstream });
 * ```
 */
export type UpstreamFetch = (request: Request) => Promise<Response>;

/**
 * What came back from upstream: the gateway's reply, or a refusal when none arrived. Tagged, not
 * told apart with `instanceof Response`: a runtime or library may replace `globalThis.Response`
 * (`@hono/node-server` does), and the reply of `fetch` is then no instance of it.
 */
export type Upstream = { reply: Response; refusal?: undefined } | { reply?: undefined; refusal: Refusal };

function errorName(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
}

/**
 * Sends the signed request with the proxy's headers only (the caller's are never forwarded) and
 * gives back the gateway's reply, or a refusal when none arrived. A transfer that times out may
 * have reached the gateway: the messages say so, so that the caller checks before retrying.
 */
export async function forward(signed: SignedRequest, send: UpstreamFetch, timeoutMs: number): Promise<Upstream> {
  const request = new Request(signed.url, {
    method: signed.method,
    headers: { ...signed.headers, Accept: '*/*' },
    body: signed.body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  let reply: unknown;
  try {
    reply = await send(request);
  } catch (error) {
    // By name, not class: a DOMException or an error from another realm is no `instanceof Error` everywhere.
    const name = errorName(error);
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    return {
      refusal: timedOut
        ? {
            code: 'UPSTREAM_TIMEOUT',
            message: `the gateway did not reply within ${timeoutMs} ms; the request may have reached it, so check its outcome before retrying`,
          }
        : { code: 'UPSTREAM_UNREACHABLE', message: 'the gateway could not be reached; the request may have reached it, so check its outcome before retrying' },
    };
  }
  if (!isResponseLike(reply)) {
    return {
      refusal: {
        code: 'UPSTREAM_UNREACHABLE',
        message: 'the upstream fetch gave no HTTP reply; the request may have reached the gateway, so check its outcome before retrying',
      },
    };
  }
  return { reply };
}

/** A Response by shape: a status number, headers to iterate and a body (a stream or null). */
function isResponseLike(value: unknown): value is Response {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { status?: unknown; headers?: { forEach?: unknown }; body?: unknown };
  return typeof candidate.status === 'number' && typeof candidate.headers?.forEach === 'function' && 'body' in candidate;
}
