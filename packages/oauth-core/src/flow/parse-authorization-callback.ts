import { parseFormPairs } from '../base-string/query.js';
import { OAuthError } from '../errors.js';
import { splitOwnPairs } from './split-own-pairs.js';

/**
 * What the server sent the resource owner back to the callback with (RFC 5849 §2.2): the
 * temporary token the owner approved, the verification code for the token credentials request
 * (§2.3), and the callback's other query parameters (`extra`: the app's own, such as a `state`).
 *
 * @example
 * ```ts
 * const back: AuthorizationCallback = parseAuthorizationCallback(request, { temporary });
 * await requestTokenCredentials({ signer, url, token: { key: back.token, secret: temporary.tokenSecret }, verifier: back.verifier });
 * ```
 */
export interface AuthorizationCallback {
  /** `oauth_token`: the temporary token, as the server sent it back. */
  token: string;
  /** `oauth_verifier`: the verification code, used once. */
  verifier: string;
  /** The callback's other parameters, decoded (the first value of a repeated name). */
  extra: Record<string, string>;
}

/**
 * How {@link parseAuthorizationCallback} reads a callback.
 *
 * @example
 * ```ts
 * const options: AuthorizationCallbackOptions = { temporary }; // the result of requestTemporaryCredentials
 * ```
 */
export interface AuthorizationCallbackOptions {
  /**
   * The temporary credentials this callback must be for (their `token`, or the token itself): a
   * callback whose `oauth_token` is another is refused, since its verifier belongs to another
   * authorization (a login started elsewhere and sent to this browser).
   */
  temporary?: string | { readonly token: string };
}

/** The longest callback query read, in characters: a server's two parameters fit in a fraction of it. */
const MAX_QUERY_CHARACTERS = 8192;
const OWN_NAMES: ReadonlySet<string> = /* @__PURE__ */ new Set(['oauth_token', 'oauth_verifier']);

function refuse(field: string, message: string, code: 'INVALID_AUTHORIZATION_CALLBACK' | 'AUTHORIZATION_DENIED' = 'INVALID_AUTHORIZATION_CALLBACK'): never {
  throw new OAuthError(code, message, { source: 'reply', field });
}

/** The query of a callback given as a `Request`, a `URL`, a URL or path, or the query itself. */
function queryOf(callback: Request | URL | string): string {
  if (typeof callback === 'string') {
    const mark = callback.indexOf('?');
    if (mark >= 0) return callback.slice(mark + 1).split('#', 1)[0] as string;
    return callback.startsWith('/') || callback.includes('://') ? '' : callback;
  }
  if (callback instanceof URL) return callback.search.slice(1);
  if (typeof (callback as Request | undefined)?.url === 'string') return new URL(callback.url).search.slice(1);
  throw new OAuthError('INVALID_PARAMETER', 'the callback must be a Request, a URL, or its URL or query as a string', { source: 'request', field: 'callback' });
}

/**
 * Reads the request the resource owner's browser makes to the callback URI after authorizing
 * (RFC 5849 §2.2): `oauth_token` and `oauth_verifier` from its query, checked against the
 * temporary credentials when given. The callback is caller input (anyone can open the URL): it is
 * read up to 8,192 characters, and no message holds a value of it.
 *
 * @throws {OAuthError} `INVALID_AUTHORIZATION_CALLBACK` (`source` `'reply'`, `field` the
 *   parameter) for a callback without `oauth_token` or `oauth_verifier` (or with one empty or
 *   twice), with another token than `temporary`'s, longer than 8,192 characters, or whose query
 *   is not a form; `AUTHORIZATION_DENIED` for one without a verifier that carries `denied` (the
 *   resource owner refused, as X sends it); `INVALID_PARAMETER` for a `callback` of another type.
 * @example
 * ```ts
 * import { parseAuthorizationCallback, requestTokenCredentials } from '@paysign/oauth-core';
 *
 * // In the app's callback route, with the temporary credentials kept in the user's session:
 * const back = parseAuthorizationCallback(request, { temporary });
 * const credentials = await requestTokenCredentials({
 *   signer,
 *   url: 'https://photos.example.net/token',
 *   token: { key: back.token, secret: temporary.tokenSecret },
 *   verifier: back.verifier,
 * });
 * parseAuthorizationCallback('/callback?oauth_token=hh5s93j4hdidpola&oauth_verifier=hfdp7dh39dks9884');
 * // { token: 'hh5s93j4hdidpola', verifier: 'hfdp7dh39dks9884', extra: {} }
 * ```
 */
export function parseAuthorizationCallback(callback: Request | URL | string, options: AuthorizationCallbackOptions = {}): AuthorizationCallback {
  const query = queryOf(callback);
  if (query.length > MAX_QUERY_CHARACTERS) refuse('callback', `the callback's query is longer than ${MAX_QUERY_CHARACTERS} characters`);
  let pairs: readonly (readonly [string, string])[];
  try {
    pairs = parseFormPairs(query);
  } catch {
    refuse('callback', "the callback's query is not a form (a malformed escape, or not UTF-8)");
  }
  const { own, extra } = splitOwnPairs(pairs, OWN_NAMES, (name) => refuse(name, `the callback has ${name} twice`));
  const token = own.get('oauth_token');
  const verifier = own.get('oauth_verifier');
  if ((verifier === undefined || verifier === '') && Object.hasOwn(extra, 'denied')) {
    refuse('denied', 'the resource owner denied the authorization (the callback carries denied, no oauth_verifier)', 'AUTHORIZATION_DENIED');
  }
  if (token === undefined || token === '') refuse('oauth_token', 'the callback has no oauth_token (RFC 5849 §2.2)');
  if (verifier === undefined || verifier === '') refuse('oauth_verifier', 'the callback has no oauth_verifier (RFC 5849 §2.2)');
  const { temporary } = options;
  if (temporary !== undefined) {
    const expected = typeof temporary === 'string' ? temporary : temporary?.token;
    if (typeof expected !== 'string' || expected === '') {
      throw new OAuthError('INVALID_PARAMETER', 'temporary must be the temporary credentials or their non-empty token', {
        source: 'request',
        field: 'temporary',
      });
    }
    if (token !== expected) refuse('oauth_token', "the callback's oauth_token is not the temporary credentials' token: it is for another authorization");
  }
  return { token, verifier, extra };
}
