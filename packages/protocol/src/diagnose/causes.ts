/**
 * Why a signature does not match, as a stable code; `message` says it in plain words.
 *
 * @example
 * ```ts
 * import { explainRequest, type CauseCode } from '@paysign/protocol/diagnose';
 *
 * const fixable: CauseCode[] = ['plus_for_space', 'unescaped_reserved', 'parameters_unsorted'];
 * const { causes } = await explainRequest({ url, authorization, body, controlKey });
 * if (causes.some((cause) => fixable.includes(cause.code))) console.log('the client encodes parameters its own way: use percentEncode');
 * ```
 */
export type CauseCode =
  | 'plus_for_space' // spaces signed as `+` instead of `%20`
  | 'literal_plus' // a `+` sent in a form body (a space there) but signed as a plus sign
  | 'unescaped_reserved' // `!*'()` left unescaped (encodeURIComponent)
  | 'unencoded_parameters' // names and values not percent-encoded before joining
  | 'double_encoded' // values percent-encoded once too often
  | 'parameter_missing' // a parameter sent but not signed
  | 'parameter_duplicated' // a parameter signed twice, or sent twice and signed once
  | 'parameters_unsorted' // parameters joined in their own order, not sorted
  | 'url_scheme' // http vs https
  | 'url_host' // the host signed in another case or under another name (localhost vs 127.0.0.1)
  | 'url_port' // the default port written in the signed URL, or a port left out
  | 'url_path' // a trailing slash, the path's case, or the /payment prefix
  | 'url_query' // the query string signed as part of the URL
  | 'http_method' // not POST, or not upper case
  | 'signature_encoding' // the signature's `+` arrived as a space: the header was form-decoded
  | 'masked_values' // the request holds masked card data (copied from masked output): it cannot be checked
  | 'wrong_key' // no layout matches: the key is not the one the request was signed with
  | 'hmac_key_layout' // the control key was used without the trailing `&` (or with spaces)
  | 'stale_timestamp' // the timestamp is outside the window
  | 'oauth_in_body_only' // the oauth_* parameters are in the body only; the gateway reads the Authorization header
  | 'unknown_consumer' // the gateway knows no such login
  | 'nonce_reused' // the signature is right, the nonce was used before
  | 'endpoint_not_assigned' // the signature is right, the endpoint is not the login's
  | 'search_incomplete' // the request is too large for every layout to be checked
  | 'raw_names_sorted' // the parameters were sorted by their raw (unencoded) names
  | 'timestamp_in_milliseconds' // oauth_timestamp has 13 digits
  | 'signature_method_mismatch' // header method and the given key do not fit
  | 'malformed_request'; // header or body cannot be read

/**
 * One likely cause of a refused signature: a stable code and the same in plain words.
 *
 * @example
 * ```ts
 * import { explainRequest, type Cause } from '@paysign/protocol/diagnose';
 *
 * const { causes } = await explainRequest({ url, authorization, body, controlKey });
 * for (const cause of causes satisfies Cause[]) console.log(`${cause.code}: ${cause.message}`);
 * ```
 */
export interface Cause {
  code: CauseCode;
  message: string;
}
