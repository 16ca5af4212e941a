import { percentDecode } from '../encoding/percent-decode.js';
import { encodePairs } from '../parameters/normalize.js';
import { OAuthError } from '../errors.js';

/**
 * Writes an `Authorization: OAuth` header value (RFC 5849 §3.5.1): `realm` first when given
 * (as an RFC 2617 quoted-string, never signed), then each parameter as `name="value"`, both
 * percent-encoded, joined by `, `. The signature's `+`, `/` and `=` become `%2B`, `%2F`, `%3D`.
 *
 * @throws {OAuthError} `INVALID_PARAMETER` for a parameter named `''` or `realm`, which a reader would misread.
 * @example
 * ```ts
 * formatAuthorizationHeader({ oauth_consumer_key: 'merchant', oauth_signature: 'a+b/c=' }, '');
 * // 'OAuth realm="", oauth_consumer_key="merchant", oauth_signature="a%2Bb%2Fc%3D"'
 * ```
 */
export function formatAuthorizationHeader(params: Readonly<Record<string, string>>, realm?: string): string {
  for (const name of Object.keys(params)) {
    // Either would be read back as something else: no parameter at all, or the unsigned realm.
    if (name === '' || name === 'realm') {
      throw new OAuthError(
        'INVALID_PARAMETER',
        `an Authorization header parameter cannot be named ${name === '' ? 'with the empty string' : 'realm'}; pass the realm as its own argument`,
      );
    }
  }
  return formatEncodedHeader(encodePairs(Object.entries(params)), realm);
}

/** The header from pairs already percent-encoded: the signer's path. */
export function formatEncodedHeader(encoded: readonly (readonly [string, string, ...unknown[]])[], realm?: string): string {
  let header = realm === undefined ? 'OAuth ' : `OAuth realm="${realm.replace(/["\\]/g, '\\$&')}"`;
  for (let i = 0; i < encoded.length; i++) {
    const pair = encoded[i] as readonly [string, string];
    header += `${(i === 0 && realm === undefined ? '' : ', ') + pair[0]}="${pair[1]}"`;
  }
  return header;
}

/**
 * An `Authorization: OAuth` header, read: the realm, if any, and the decoded parameters.
 *
 * @example
 * ```ts
 * import { parseAuthorizationHeader, type ParsedAuthorization } from '@paysign/oauth-core';
 *
 * const parsed: ParsedAuthorization = parseAuthorizationHeader('OAuth realm="gate", oauth_consumer_key="merchant", oauth_nonce="abc"');
 * parsed.realm; // 'gate'
 * parsed.params.oauth_consumer_key; // 'merchant'
 * ```
 */
export interface ParsedAuthorization {
  realm?: string;
  params: Record<string, string>;
}

// name = value, where value is a quoted-string (with \-escapes); a bare value is matched to be refused. Commas separate.
const PARAM = /\s*([^\s=,"]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]*))\s*(?:,|$)/y;

/**
 * Reads an `Authorization: OAuth ...` header value as real clients send it: the scheme in any
 * case, parameters separated by commas with any whitespace, every value quoted (RFC 5849 §3.5.1)
 * and percent-decoded (the realm is a plain quoted-string). A parameter named twice, or a value
 * that is not quoted (`oauth_nonce=`, `oauth_nonce=abc`), is refused.
 *
 * @throws {OAuthError} `INVALID_HEADER` when the scheme is not OAuth, a value is not quoted or the syntax is broken.
 * @example
 * ```ts
 * parseAuthorizationHeader('OAuth realm="Example", oauth_consumer_key="0685bd9184jfhq22", oauth_signature="wOJIO9A2W5mFwDgiDvZbTSMK%2FPY%3D"');
 * // { realm: 'Example', params: { oauth_consumer_key: '0685bd9184jfhq22', oauth_signature: 'wOJIO9A2W5mFwDgiDvZbTSMK/PY=' } }
 * ```
 */
export function parseAuthorizationHeader(value: string): ParsedAuthorization {
  if (typeof value !== 'string') throw new OAuthError('INVALID_HEADER', 'the Authorization header must be a string');
  const scheme = /^\s*OAuth(?:\s+|$)/i.exec(value);
  if (!scheme) throw new OAuthError('INVALID_HEADER', 'the Authorization header does not use the OAuth scheme');
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  const result: ParsedAuthorization = { params };
  let offset = scheme[0].length;
  while (offset < value.length) {
    if (/^[\s,]*$/.test(value.slice(offset))) break;
    PARAM.lastIndex = offset;
    const match = PARAM.exec(value);
    if (!match) throw new OAuthError('INVALID_HEADER', `the Authorization header is malformed at character ${offset}`);
    if (match[2] === undefined) {
      throw new OAuthError(
        'INVALID_HEADER',
        `the Authorization header has a value that is not quoted after character ${offset} (RFC 5849 §3.5.1 quotes every value)`,
      );
    }
    offset = PARAM.lastIndex;
    const rawName = match[1] as string;
    const raw = match[2].replace(/\\(.)/g, '$1');
    if (rawName === 'realm') {
      if (result.realm !== undefined) throw new OAuthError('INVALID_HEADER', 'the Authorization header names realm twice');
      result.realm = raw;
      continue;
    }
    const name = percentDecode(rawName);
    if (name in params) throw new OAuthError('INVALID_HEADER', `the Authorization header names ${name} twice`);
    params[name] = percentDecode(raw);
  }
  return result;
}
