import { parseRequestUrl } from '../base-string/base-string-uri.js';
import { percentEncode } from '../encoding/percent-encode.js';
import { attribute, OAuthError } from '../errors.js';

/**
 * The resource owner authorization URI (RFC 5849 §2.2) for a temporary token: the server's
 * authorization endpoint with `oauth_token` added to its query (its own query kept). Send the
 * resource owner's browser there; the server redirects back to the callback with
 * `oauth_token` and `oauth_verifier`.
 *
 * @throws {OAuthError} `INVALID_URL` when `url` is not absolute http(s); `INVALID_PARAMETER`
 *   for an empty token or a URL whose query already has `oauth_token`.
 * @example
 * ```ts
 * import { authorizationUrl } from '@paysign/oauth-core';
 *
 * authorizationUrl('https://photos.example.net/authorize', 'hh5s93j4hdidpola');
 * // 'https://photos.example.net/authorize?oauth_token=hh5s93j4hdidpola'
 * authorizationUrl('https://api.x.com/oauth/authorize?force_login=true', temporary); // the result of requestTemporaryCredentials
 * ```
 */
export function authorizationUrl(url: string | URL, token: string | { readonly token: string }): string {
  const value = typeof token === 'string' ? token : token?.token;
  if (typeof value !== 'string' || value === '') {
    throw new OAuthError('INVALID_PARAMETER', 'the token must be a non-empty string (oauth_token of the temporary credentials)', {
      source: 'request',
      field: 'token',
    });
  }
  let parsed: URL;
  try {
    parsed = parseRequestUrl(url);
  } catch (error) {
    throw attribute(error, 'request', 'url');
  }
  if (parsed.searchParams.has('oauth_token')) {
    throw new OAuthError('INVALID_PARAMETER', 'the authorization URL already has an oauth_token in its query', { source: 'request', field: 'url' });
  }
  const query = parsed.search.slice(1);
  parsed.search = `${query === '' ? '' : `${query}&`}oauth_token=${percentEncode(value)}`;
  return parsed.href;
}
