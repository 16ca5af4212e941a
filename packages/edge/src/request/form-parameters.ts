import { parseFormPairs, type Parameter } from '@paysign/oauth-core/webcrypto';

/** The caller's form parameters, without the `oauth_*` ones, and the names that were taken out. */
export interface CallerParameters {
  params: Parameter[];
  stripped: string[];
}

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
  for (const pair of parseFormPairs(text)) {
    if (pair[0].startsWith('oauth_')) {
      if (!stripped.includes(pair[0])) stripped.push(pair[0]);
    } else {
      params.push(pair);
    }
  }
  return { params, stripped };
}

/** The media type of a Content-Type header, lowercased, without parameters. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}
