import type { EncodedPair, PairEncoder } from '../encoding/encode-pair.js';
import { attribute, refuse } from '../errors.js';
import { OAUTH_TIMESTAMP_PATTERN } from '../parameters/oauth-timestamp.js';

/**
 * What the signer's options fix of the protocol parameters of RFC 5849 §3.1; `consumerKey` and
 * `token` are checked once, when the signer is made. The nonce and the timestamp come from
 * injectable functions, so what they give is checked on every request. Unset: the version is
 * `'1.0'` and the timestamp the current Unix time in seconds.
 */
export interface ProtocolParameterSource {
  consumerKey: string;
  signatureMethod: string;
  nonce?: (() => string) | undefined;
  timestamp?: (() => number | string) | undefined;
  token?: string | undefined;
  version?: '1.0' | false | undefined;
}

/** One request's `oauth_*` parameters in name order (the header's order), as given and percent-encoded. */
export interface ProtocolParameters {
  params: Record<string, string>;
  /** `params`' pairs encoded ({@link EncodedPair}), in the same order: what the base string, the header and the form carry. */
  encoded: EncodedPair[];
}

/** Makes one request's protocol parameters: the signer's own, the request's `token` and `bodyHash`, and the caller's extra ones. */
export type ProtocolParameterMaker = (
  extra: Readonly<Record<string, string>> | undefined,
  token: string | undefined,
  bodyHash: string | undefined,
) => ProtocolParameters;

/**
 * The protocol parameters of a signer's requests (§3.1). The pairs that are the same on every
 * request (consumer key, signature method, the signer's token, version) are encoded once, here,
 * with the signer's `encodePair`; a request encodes only its nonce, timestamp, token and body
 * hash. The caller's `extra` ones (`oauth_callback`, `oauth_verifier`...) may not replace the signer's.
 */
export function protocolParametersOf(source: ProtocolParameterSource, defaultNonce: () => string, encodePair: PairEncoder): ProtocolParameterMaker {
  const makeNonce = source.nonce ?? defaultNonce;
  const makeTimestamp = source.timestamp ?? (() => Math.floor(Date.now() / 1000));
  const version = source.version ?? '1.0';
  // The signer's own pairs, the same on every request, encoded once: a lone surrogate is refused now, naming its option.
  const own: Record<string, string> = {};
  const ownEncoded: Record<string, EncodedPair> = {};
  const fix = (name: string, value: string, option: string) => {
    try {
      ownEncoded[name] = encodePair(name, value);
    } catch (error) {
      throw attribute(error, 'options', option);
    }
    own[name] = value;
  };
  fix('oauth_consumer_key', source.consumerKey, 'consumerKey');
  fix('oauth_signature_method', source.signatureMethod, 'signatureMethod');
  if (source.token !== undefined) fix('oauth_token', source.token, 'token');
  if (version !== false) fix('oauth_version', version, 'version');

  return (extra, token, bodyHash) => {
    // The caller's own functions: what they throw, or give, is about that option, not about the request.
    let field = 'nonce';
    let nonce: string;
    let timestamp: string;
    let encodedNonce: EncodedPair;
    try {
      nonce = requireString(makeNonce(), field, 'nonce() must be a non-empty string');
      field = 'timestamp';
      timestamp = String(makeTimestamp());
      if (!OAUTH_TIMESTAMP_PATTERN.test(timestamp)) refuse(field, 'timestamp() must give whole seconds > 0', 'options');
      field = 'nonce';
      encodedNonce = encodePair('oauth_nonce', nonce);
    } catch (error) {
      throw attribute(error, 'options', field);
    }
    // In name order (the header's): oauth_body_hash sorts first.
    let params: Record<string, string> = {};
    if (bodyHash !== undefined) params.oauth_body_hash = bodyHash;
    params.oauth_consumer_key = source.consumerKey;
    params.oauth_nonce = nonce;
    params.oauth_signature_method = source.signatureMethod;
    params.oauth_timestamp = timestamp;
    if (token !== undefined) params.oauth_token = token;
    if (version !== false) params.oauth_version = version;
    if (extra !== undefined) {
      for (const name of Object.keys(extra)) {
        if (!name.startsWith('oauth_') || name in params || name === 'oauth_signature') {
          refuse('oauthParams', `oauthParams may add protocol parameters, not ${name}`);
        }
      }
      // With extra parameters, the names are sorted again.
      const all: Record<string, string> = { ...params, ...extra };
      params = {};
      for (const name of Object.keys(all).sort()) params[name] = String(all[name]);
    }
    // §3.6: every name and value percent-encoded: the signer's own pairs were, once, and the
    // nonce as it was checked.
    const encoded: EncodedPair[] = [];
    for (const name in params) {
      const value = params[name] as string;
      encoded.push(name === 'oauth_nonce' ? encodedNonce : value === own[name] ? (ownEncoded[name] as EncodedPair) : encodePair(name, value));
    }
    return { params, encoded };
  };
}

/** Refuses request parameters that would shadow a protocol parameter the signer sets (§3.4.1.3.1 would sign them twice). */
export function refuseProtocolNames(
  params: readonly (readonly [string, string, ...unknown[]])[],
  oauthParams: Readonly<Record<string, string>>,
  field: 'url' | 'params' | 'body',
  where: string,
): void {
  for (const pair of params) {
    const name = pair[0];
    if (name.startsWith('oauth_') && (name in oauthParams || name === 'oauth_signature')) {
      refuse(field, `${where} carries "${name}", a protocol parameter set by the signer`);
    }
  }
}

/** Joins percent-encoded pairs as an `application/x-www-form-urlencoded` body. */
export function joinForm(encoded: readonly (readonly [string, string, ...unknown[]])[]): string {
  let form = '';
  for (let i = 0; i < encoded.length; i++) {
    const pair = encoded[i] as readonly [string, string, ...unknown[]];
    form += `${(i === 0 ? '' : '&') + pair[0]}=${pair[1]}`;
  }
  return form;
}

/** A string option that must be present and non-empty. */
export function requireString(value: unknown, field: string, message = `${field} must be a non-empty string`): string {
  if (typeof value !== 'string' || value === '') refuse(field, message, 'options');
  return value;
}
