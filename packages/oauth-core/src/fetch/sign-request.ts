import { OAuthError } from '../errors.js';
import type { Signer, SignRequest } from '../signer/create-signer.js';

/**
 * What {@link signRequest} signs a `Request` with besides its method, URL and body: the token,
 * where the protocol parameters go, the body hash, extra protocol parameters, and the redirect
 * mode of the signed `Request`.
 *
 * @example
 * ```ts
 * const options: SignRequestOptions = { token: { key: userToken, secret: userTokenSecret }, transmission: 'header' };
 * const signed = await signRequest(signer, new Request('https://api.example.com/1.1/statuses/home_timeline.json'), options);
 * ```
 */
export interface SignRequestOptions {
  /** Signs for this token (`oauth_token` and its secret) instead of the signer's own. */
  token?: SignRequest['token'] | undefined;
  /** Where the protocol parameters go: `'header'` (default: the signer's), `'query'` or `'body'` (a form body only). */
  transmission?: SignRequest['transmission'] | undefined;
  /** `oauth_body_hash` for a body that is not a form: `false` for none, or a digest; default the signer's. */
  bodyHash?: SignRequest['bodyHash'] | undefined;
  /** Extra protocol parameters to sign and send (`oauth_callback`, `oauth_verifier`). */
  oauthParams?: SignRequest['oauthParams'] | undefined;
  /**
   * The signed `Request`'s redirect mode. Default: the request's own, except that `'follow'` (the
   * `Request` default) becomes `'manual'`: a redirect is the caller's to follow, signed anew for
   * its URL, never replayed with this request's signature (see the README, "Redirects").
   */
  redirect?: RequestRedirect | undefined;
}

// The properties of a Request kept on the signed one when they differ from a new Request's: a
// runtime without one of them (workerd has no `mode` or `credentials`) never has it set.
const KEPT = ['cache', 'credentials', 'integrity', 'keepalive', 'mode', 'referrer', 'referrerPolicy'] as const;

function isRequest(value: unknown): value is Request {
  const request = value as Request | null;
  return (
    typeof request === 'object' &&
    request !== null &&
    typeof request.url === 'string' &&
    typeof request.method === 'string' &&
    typeof request.arrayBuffer === 'function' &&
    typeof request.headers?.get === 'function'
  );
}

/**
 * Signs a WHATWG `Request` and resolves a new one that carries the signature (RFC 5849 §3.5):
 * the query is signed; a form body's pairs are signed; any other body is read once, hashed into
 * `oauth_body_hash` and sent as the same bytes. The method and the caller's headers are kept;
 * `Authorization` (header transmission) and `Content-Type` are set, never doubled, and
 * `Content-Length` is left to fetch. The body is consumed: sign a `request.clone()` to keep it.
 *
 * A `Request` follows redirects by default; the signed one does not (`redirect: 'manual'`) unless
 * `options.redirect` says so: a followed redirect would replay the signature to another URL.
 *
 * @throws {OAuthError} `INVALID_PARAMETER` (`field` `'request'`) for something that is not a
 *   `Request`, a body without a `Content-Type`; and every refusal of `signer.sign`.
 * @example
 * ```ts
 * import { createSigner, signRequest } from '@paysign/oauth-core';
 *
 * const signer = createSigner({ consumerKey, consumerSecret, signatureMethod: 'HMAC-SHA1' });
 * const request = new Request('https://api.example.com/v1/orders', {
 *   method: 'POST',
 *   headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'order-1' },
 *   body: JSON.stringify({ amount: '10.00' }),
 * });
 * const signed = await signRequest(signer, request, { token: { key: userToken, secret: userTokenSecret } });
 * const response = await fetch(signed); // Authorization: OAuth ... oauth_body_hash="...", Idempotency-Key kept
 * ```
 */
export async function signRequest(signer: Signer, request: Request, options: SignRequestOptions = {}): Promise<Request> {
  if (!isRequest(request)) {
    throw new OAuthError('INVALID_PARAMETER', 'signRequest signs a WHATWG Request: pass new Request(url, init)', { source: 'request', field: 'request' });
  }
  if (options === null || typeof options !== 'object') {
    throw new OAuthError('INVALID_PARAMETER', 'the signRequest options must be an object', { source: 'options' });
  }
  const contentType = request.headers.get('content-type') ?? undefined;
  // The bytes are read once: what is hashed (or parsed as a form) is what is sent.
  const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
  const toSign: SignRequest = { method: request.method, url: request.url };
  if (body !== undefined) {
    toSign.body = body;
    if (contentType !== undefined) toSign.contentType = contentType;
  }
  if (options.token !== undefined) toSign.token = options.token;
  if (options.transmission !== undefined) toSign.transmission = options.transmission;
  if (options.bodyHash !== undefined) toSign.bodyHash = options.bodyHash;
  if (options.oauthParams !== undefined) toSign.oauthParams = options.oauthParams;
  const signed = await signer.sign(toSign);

  const headers = new Headers(request.headers);
  headers.delete('content-length');
  for (const [name, value] of Object.entries(signed.headers)) headers.set(name, value);
  const init: RequestInit = {
    method: signed.method,
    headers,
    redirect: options.redirect ?? (request.redirect === 'follow' || request.redirect === undefined ? 'manual' : request.redirect),
  };
  if (request.signal) init.signal = request.signal;
  // A Uint8Array from arrayBuffer() (its buffer an ArrayBuffer) or the signer's form string.
  if (body !== undefined || signed.body !== '') init.body = signed.body as BodyInit;
  const defaults = new Request(signed.url) as unknown as Record<string, unknown>;
  const given = request as unknown as Record<string, unknown>;
  for (const name of KEPT) {
    const value = given[name];
    if (value !== undefined && value !== defaults[name] && value !== 'navigate') (init as Record<string, unknown>)[name] = value;
  }
  return new Request(signed.url, init);
}
