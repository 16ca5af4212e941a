import type { SignedRequest } from '@paysign/oauth-core/webcrypto';
import type { Refusal } from '../reply/json-error.js';

/** Sends a request upstream: `globalThis.fetch`, or a platform binding such as a Workers service binding. */
export type UpstreamFetch = (request: Request) => Promise<Response>;

/**
 * Sends the signed request with the proxy's headers only (the caller's are never forwarded) and
 * gives back the gateway's reply, or a refusal when none arrived. A transfer that times out may
 * have reached the gateway: the messages say so, so that the caller checks before retrying.
 */
export async function forward(signed: SignedRequest, send: UpstreamFetch, timeoutMs: number): Promise<Response | Refusal> {
  const request = new Request(signed.url, {
    method: signed.method,
    headers: { ...signed.headers, Accept: '*/*' },
    body: signed.body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  try {
    return await send(request);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return timedOut
      ? { code: 'UPSTREAM_TIMEOUT', message: `the gateway did not reply within ${timeoutMs} ms; the request may have reached it, so check its outcome before retrying` }
      : { code: 'UPSTREAM_UNREACHABLE', message: 'the gateway could not be reached; the request may have reached it, so check its outcome before retrying' };
  }
}
