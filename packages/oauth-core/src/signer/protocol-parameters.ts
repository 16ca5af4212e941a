import { OAuthError } from '../errors.js';

const TIMESTAMP = /^[1-9][0-9]{0,11}$/;

/**
 * The signer-made protocol parameters of RFC 5849 §3.1, in name order (the header's order).
 * `consumerKey` and `token` are checked once, when the signer is made; the nonce and the
 * timestamp, which come from injectable functions, are checked on every request.
 */
export interface ProtocolParameterSource {
  consumerKey: string;
  signatureMethod: string;
  nonce: () => string;
  timestamp: () => number | string;
  token?: string | undefined;
  version: '1.0' | false;
}

/** Makes one request's `oauth_*` parameters, checking what the injectable nonce and clock give. */
export function protocolParameters(source: ProtocolParameterSource): Record<string, string> {
  const nonce = requireString(source.nonce(), 'nonce()');
  const timestamp = String(source.timestamp());
  if (!TIMESTAMP.test(timestamp)) throw new OAuthError('INVALID_PARAMETER', 'timestamp() must give whole seconds > 0');
  const params: Record<string, string> = {
    oauth_consumer_key: source.consumerKey,
    oauth_nonce: nonce,
    oauth_signature_method: source.signatureMethod,
    oauth_timestamp: timestamp,
  };
  if (source.token !== undefined) params.oauth_token = source.token;
  if (source.version !== false) params.oauth_version = source.version;
  return params;
}

/** Refuses request parameters that would shadow a protocol parameter the signer sets. */
export function refuseProtocolNames(
  params: readonly (readonly [string, string, ...unknown[]])[],
  oauthParams: Readonly<Record<string, string>>,
  where: string,
): void {
  for (const [name] of params) {
    if (name.startsWith('oauth_') && (name in oauthParams || name === 'oauth_signature')) {
      throw new OAuthError('INVALID_PARAMETER', `${where} carries "${name}", a protocol parameter set by the signer`);
    }
  }
}

/** Joins percent-encoded pairs as an `application/x-www-form-urlencoded` body. */
export function joinForm(encoded: readonly (readonly [string, string, ...unknown[]])[]): string {
  let form = '';
  for (let i = 0; i < encoded.length; i++) {
    const pair = encoded[i] as readonly [string, string];
    form += `${(i === 0 ? '' : '&') + pair[0]}=${pair[1]}`;
  }
  return form;
}

/** A string option that must be present and non-empty. */
export function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new OAuthError('INVALID_PARAMETER', `${field} must be a non-empty string`);
  }
  return value;
}
