import { percentEncodeNative as percentEncode } from '../encoding/percent-encode.js';
import { attribute, OAuthError } from '../errors.js';
import { encodeRecord } from '../parameters/normalize.js';
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

/** A name and a value, each percent-encoded (RFC 5849 §3.6). */
export type EncodedPair = readonly [name: string, value: string];

/** One request's `oauth_*` parameters in name order (the header's order), as given and percent-encoded. */
export interface ProtocolParameters {
  params: Record<string, string>;
  /** `params`' pairs percent-encoded, in the same order: what the base string, the header and the form carry. */
  encoded: EncodedPair[];
}

/** Makes one request's protocol parameters: the signer's own, the request's `token` and `bodyHash`, and the caller's extra ones. */
export type ProtocolParameterMaker = (
  extra: Readonly<Record<string, string>> | undefined,
  token: string | undefined,
  bodyHash: string | undefined,
) => ProtocolParameters;

/** A constant pair percent-encoded once; the name is one of §3.1's, all unreserved. A lone surrogate is refused now, naming its option. */
function encodedOption(name: string, value: string, field: string): EncodedPair {
  try {
    return [name, percentEncode(value)];
  } catch (error) {
    throw attribute(error, 'options', field);
  }
}

/**
 * The protocol parameters of a signer's requests (§3.1). The pairs that are the same on every
 * request (consumer key, signature method, the signer's token, version) are percent-encoded once,
 * here; a request encodes only its nonce, timestamp, token and body hash. The caller's `extra`
 * ones (`oauth_callback`, `oauth_verifier`...) may not replace the signer's.
 */
export function protocolParametersOf(source: ProtocolParameterSource): ProtocolParameterMaker {
  const consumerKey = encodedOption('oauth_consumer_key', source.consumerKey, 'consumerKey');
  const signatureMethod = encodedOption('oauth_signature_method', source.signatureMethod, 'signatureMethod');
  const ownToken = source.token === undefined ? undefined : encodedOption('oauth_token', source.token, 'token');
  const version = source.version === false ? undefined : (['oauth_version', source.version] as const);

  return (extra, token, bodyHash) => {
    // The caller's own functions: what they throw, or give, is about that option, not about the request.
    let nonce: string;
    let timestamp: string;
    try {
      nonce = requireString(source.nonce(), 'nonce', 'nonce() must be a non-empty string');
    } catch (error) {
      throw attribute(error, 'options', 'nonce');
    }
    try {
      timestamp = String(source.timestamp());
    } catch (error) {
      throw attribute(error, 'options', 'timestamp');
    }
    // Digits only: its percent-encoding is itself.
    if (!OAUTH_TIMESTAMP_PATTERN.test(timestamp)) {
      throw new OAuthError('INVALID_PARAMETER', 'timestamp() must give whole seconds > 0', { source: 'options', field: 'timestamp' });
    }
    const encodedNonce = encodedOption('oauth_nonce', nonce, 'nonce');
    // Set in name order: oauth_body_hash sorts first.
    const params: Record<string, string> = {};
    const encoded: EncodedPair[] = [];
    if (bodyHash !== undefined) {
      params.oauth_body_hash = bodyHash;
      encoded.push(['oauth_body_hash', percentEncode(bodyHash)]);
    }
    params.oauth_consumer_key = source.consumerKey;
    params.oauth_nonce = nonce;
    params.oauth_signature_method = source.signatureMethod;
    params.oauth_timestamp = timestamp;
    encoded.push(consumerKey, encodedNonce, signatureMethod, ['oauth_timestamp', timestamp]);
    if (token !== undefined) {
      params.oauth_token = token;
      encoded.push(token === source.token && ownToken !== undefined ? ownToken : ['oauth_token', percentEncode(token)]);
    }
    if (version !== undefined) {
      params.oauth_version = version[1];
      encoded.push(version);
    }
    if (extra === undefined) return { params, encoded };
    for (const name of Object.keys(extra)) {
      if (!name.startsWith('oauth_') || name in params || name === 'oauth_signature') {
        throw new OAuthError('INVALID_PARAMETER', `oauthParams may add protocol parameters, not ${name}`, { source: 'request', field: 'oauthParams' });
      }
    }
    // With extra parameters, the names are sorted again, and every pair encoded as §3.6 says.
    const all: Record<string, string> = { ...params, ...extra };
    const sorted = Object.fromEntries(
      Object.keys(all)
        .sort()
        .map((name) => [name, String(all[name])]),
    );
    return { params: sorted, encoded: encodeRecord(sorted) };
  };
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
