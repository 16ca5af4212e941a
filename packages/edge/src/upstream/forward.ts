import type { SignedRequest } from '@paysign/oauth-core/webcrypto';
import type { Refusal } from '../reply/json-error.js';

/**
 * Sends a request upstream: `globalThis.fetch`, or a platform binding such as a Workers service
 * binding. The request comes with `redirect: 'manual'`: pass it on as it is, so that a 3xx from
 * the gateway comes back as the gateway's answer and the signed body is never re-sent elsewhere.
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
 * Redirects are never followed (`redirect: 'manual'`): following a 307 re-sends the body (card
 * data, `oauth_signature`) to whatever origin the `Location` names, and answers with that
 * origin's reply as if it were the gateway's. A 3xx is the gateway's answer and is passed back;
 * a `fetch` that follows one anyway (its reply says `redirected`) is refused with 502, because
 * the reply it gives is not the gateway's.
 */
export async function forward(signed: SignedRequest, send: UpstreamFetch, timeoutMs: number): Promise<Upstream> {
  const request = new Request(signed.url, {
    method: signed.method,
    headers: { ...signed.headers, Accept: '*/*' },
    body: signed.body,
    redirect: 'manual',
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
  if ((reply as { redirected?: unknown }).redirected === true) {
    return {
      refusal: {
        code: 'UPSTREAM_UNREACHABLE',
        message:
          "the upstream fetch followed a redirect, so the gateway's own reply was lost; the request reached the gateway and may have been sent on elsewhere, so check its outcome before retrying",
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
