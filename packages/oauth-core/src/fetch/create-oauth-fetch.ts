import type { Signer } from '../signer/create-signer.js';
import { signRequest, type SignRequestOptions } from './sign-request.js';

/**
 * What sends a signed `Request`: the global `fetch`, or anything that takes a `Request` and
 * resolves a `Response` (an app's fetch handler, a test server's, a `fetch` with a proxy agent).
 *
 * @example
 * ```ts
 * const viaApp: FetchLike = (request) => app.fetch(request); // Hono, the emulator, a worker
 * const oauthFetch = createOAuthFetch(signer, { fetch: viaApp });
 * ```
 */
export type FetchLike = (request: Request) => Promise<Response>;

/**
 * How {@link createOAuthFetch} signs every request: the token and transmission (and body hash)
 * of {@link SignRequestOptions}, and the `fetch` that sends.
 *
 * @example
 * ```ts
 * const options: OAuthFetchOptions = { token: { key: userToken, secret: userTokenSecret }, transmission: 'query' };
 * const oauthFetch = createOAuthFetch(signer, options);
 * ```
 */
export interface OAuthFetchOptions {
  /** Sends each signed request. Default: the global `fetch`. */
  fetch?: FetchLike | undefined;
  /** Signs for this token instead of the signer's own. */
  token?: SignRequestOptions['token'];
  /** Where the protocol parameters go; default the signer's. */
  transmission?: SignRequestOptions['transmission'];
  /** `oauth_body_hash` for bodies that are not forms; default the signer's. */
  bodyHash?: SignRequestOptions['bodyHash'];
}

/**
 * A `fetch` that signs: it has `fetch`'s own signature, builds the `Request` from its arguments,
 * signs it with {@link signRequest} (query signed, form pairs signed, any other body hashed) and
 * sends it. It does not follow redirects (`redirect: 'manual'`: a 3xx comes back as the response)
 * unless `init.redirect` asks for it.
 *
 * @example
 * ```ts
 * import { createOAuthFetch, createSigner } from '@paysign/oauth-core';
 *
 * const signer = createSigner({ consumerKey, consumerSecret, signatureMethod: 'HMAC-SHA1' });
 * const oauthFetch = createOAuthFetch(signer, { token: { key: userToken, secret: userTokenSecret } });
 * const timeline = await oauthFetch('https://api.example.com/1.1/statuses/home_timeline.json?count=5');
 * await oauthFetch('https://api.example.com/1.1/statuses/update.json', {
 *   method: 'POST',
 *   headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
 *   body: new URLSearchParams({ status: 'Hello' }),
 * });
 * ```
 */
export function createOAuthFetch(signer: Signer, options: OAuthFetchOptions = {}): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  const { fetch: send = (request: Request) => fetch(request), token, transmission, bodyHash } = options ?? {};
  return async (input, init) => {
    const request = new Request(input, init);
    return send(await signRequest(signer, request, { token, transmission, bodyHash, redirect: init?.redirect }));
  };
}
