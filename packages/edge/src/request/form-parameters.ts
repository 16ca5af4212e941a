import { parseFormPairs, type Parameter } from '@paysign/oauth-core/encoding';

/** The caller's form parameters, without the `oauth_*` ones, and the names that were taken out. */
export interface CallerParameters {
  params: Parameter[];
  /** The distinct `oauth_*` names taken out, each matching {@link OAUTH_NAME}. */
  stripped: string[];
  /** An `oauth_*` name outside {@link OAUTH_NAME} was sent: the request is refused, never forwarded. */
  badOAuthName: boolean;
}

/**
 * The `oauth_*` names a caller may send (they are taken out all the same): ASCII letters, digits
 * and `_`. Anything else (CR, LF, a space, a non-ASCII letter) is refused with 400 before the
 * request is signed, so no caller text of that kind reaches a log line or the proxy's reply.
 */
export const OAUTH_NAME: RegExp = /^oauth_[A-Za-z0-9_]{0,64}$/;

const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });

/**
 * Reads an `application/x-www-form-urlencoded` body and takes out every `oauth_*` parameter: the
 * protocol parameters are the proxy's to set, and a caller-chosen nonce, timestamp or signature
 * must never reach the signer. Everything else is kept in order, repeated names included.
 *
 * @throws {TypeError} when the body is not UTF-8; `OAuthError` `INVALID_STRING` on a malformed escape.
 */
export function readFormParameters(body: Uint8Array): CallerParameters {
  const text = decoder.decode(body);
  const params: Parameter[] = [];
  const stripped: string[] = [];
  let badOAuthName = false;
  for (const pair of parseFormPairs(text)) {
    if (!pair[0].startsWith('oauth_')) params.push(pair);
    else if (!OAUTH_NAME.test(pair[0])) badOAuthName = true;
    else if (!stripped.includes(pair[0])) stripped.push(pair[0]);
  }
  return { params, stripped, badOAuthName };
}

/** The media type of a Content-Type header, lowercased, without parameters. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}
