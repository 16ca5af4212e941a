import type { FetchLike } from '../fetch/create-oauth-fetch.js';
import type { SignedRequest } from '../signer/create-signer.js';

/**
 * Sends a signed request of the token dance as a `Request` through `send` (default: the global
 * `fetch`), never following a redirect with it.
 */
export function sendSigned(signed: SignedRequest<string | Uint8Array>, send: FetchLike | undefined, signal: AbortSignal | undefined): Promise<Response> {
  const init: RequestInit = { method: signed.method, headers: signed.headers, redirect: 'manual' };
  if (signed.body !== '') init.body = signed.body as BodyInit; // a string: the flow signs forms only
  if (signal !== undefined) init.signal = signal;
  const request = new Request(signed.url, init);
  return send === undefined ? fetch(request) : send(request);
}
