import { attribute, OAuthError } from '../errors.js';
import { OAUTH_TIMESTAMP_PATTERN } from '../parameters/oauth-timestamp.js';

/**
 * What the signer's options fix of the protocol parameters of RFC 5849 §3.1; `consumerKey` and
 * `token` are checked once, when the signer is made. The nonce and the timestamp come from
 * injectable functions, so what they give is checked on every request.
 */
export interface ProtocolParameterSource {
  consumerKey: string;
  signatureMethod: string;
  nonce: () => string;
  timestamp: () => number | string;
  token?: string | undefined;
  version: '1.0' | false;
}

/**
 * One request's `oauth_*` parameters in name order (the header's order): the signer's own (with
 * the request's `token` and `bodyHash`, when it has them), and the caller's `extra` ones
 * (`oauth_callback`, `oauth_verifier`...), which may not replace them.
 */
export function protocolParameters(
  source: ProtocolParameterSource,
  extra?: Readonly<Record<string, string>>,
  token: string | undefined = source.token,
  bodyHash?: string,
): Record<string, string> {
  // The caller's own functions: what they throw is about that option, not about the request.
  let givenNonce: unknown;
  let givenTimestamp: unknown;
  try {
    givenNonce = source.nonce();
  } catch (error) {
    throw attribute(error, 'options', 'nonce');
  }
  try {
    givenTimestamp = source.timestamp();
  } catch (error) {
    throw attribute(error, 'options', 'timestamp');
  }
  const nonce = requireString(givenNonce, 'nonce', 'nonce() must be a non-empty string');
  const timestamp = String(givenTimestamp);
  if (!OAUTH_TIMESTAMP_PATTERN.test(timestamp)) {
    throw new OAuthError('INVALID_PARAMETER', 'timestamp() must give whole seconds > 0', { source: 'options', field: 'timestamp' });
  }
  // Set in name order: oauth_body_hash sorts first.
  const params: Record<string, string> = {};
  if (bodyHash !== undefined) params.oauth_body_hash = bodyHash;
  params.oauth_consumer_key = source.consumerKey;
  params.oauth_nonce = nonce;
  params.oauth_signature_method = source.signatureMethod;
  params.oauth_timestamp = timestamp;
  if (token !== undefined) params.oauth_token = token;
  if (source.version !== false) params.oauth_version = source.version;
  if (extra === undefined) return params;
  for (const name of Object.keys(extra)) {
    if (!name.startsWith('oauth_') || name in params || name === 'oauth_signature') {
      throw new OAuthError('INVALID_PARAMETER', `oauthParams may add protocol parameters, not ${name}`, { source: 'request', field: 'oauthParams' });
    }
  }
  const all: Record<string, string> = { ...params, ...extra };
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((name) => [name, String(all[name])]),
  );
}

/** Refuses request parameters that would shadow a protocol parameter the signer sets (§3.4.1.3.1 would sign them twice). */
export function refuseProtocolNames(
  params: readonly (readonly [string, string])[],
  oauthParams: Readonly<Record<string, string>>,
  field: 'url' | 'params' | 'body',
): void {
  for (const [name] of params) {
    if (name.startsWith('oauth_') && (name in oauthParams || name === 'oauth_signature')) {
      const where = field === 'url' ? "the URL's query" : field === 'params' ? 'params' : 'the form body';
      throw new OAuthError('INVALID_PARAMETER', `${where} carries "${name}", a protocol parameter set by the signer`, { source: 'request', field });
    }
  }
}

/** Joins percent-encoded pairs as an `application/x-www-form-urlencoded` body. */
export function joinForm(encoded: readonly (readonly [string, string])[]): string {
  let form = '';
  for (let i = 0; i < encoded.length; i++) {
    const pair = encoded[i] as readonly [string, string];
    form += `${(i === 0 ? '' : '&') + pair[0]}=${pair[1]}`;
  }
  return form;
}

/** A string option that must be present and non-empty. */
export function requireString(value: unknown, field: string, message = `${field} must be a non-empty string`): string {
  if (typeof value !== 'string' || value === '') throw new OAuthError('INVALID_PARAMETER', message, { source: 'options', field });
  return value;
}
