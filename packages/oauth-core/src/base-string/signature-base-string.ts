import { percentEncode } from '../encoding/percent-encode.js';
import { OAuthError } from '../errors.js';
import { collectParameters, type Parameter } from '../parameters/collect.js';
import { compareEncoded, encodePairs } from '../parameters/normalize.js';
import type { ParameterInput } from '../types.js';
import { baseStringUri, parseRequestUrl } from './base-string-uri.js';
import { parseFormPairs } from './query.js';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Uppercases and checks an HTTP method (RFC 7230 token). */
export function normalizeMethod(method: string): string {
  if (typeof method !== 'string' || !TOKEN.test(method)) {
    throw new OAuthError('INVALID_METHOD', 'the HTTP method must be a non-empty RFC 7230 token');
  }
  return method.toUpperCase();
}

/**
 * The signature base string of RFC 5849 §3.4.1.1: the uppercase method, the base string URI
 * and the normalized parameters, each percent-encoded, joined by `&`. The parameters are the
 * URL's query (form-decoded) plus `params` (the form body and the `oauth_*` protocol
 * parameters); `oauth_signature` is left out wherever it appears, as §3.4.1.3.1 requires.
 *
 * @throws {OAuthError} `INVALID_METHOD`, `INVALID_URL`, `INVALID_STRING` or `INVALID_PARAMETER`.
 * @example
 * ```ts
 * signatureBaseString('post', 'https://gate.example/payment/api/v4/transfer/42?x=1', {
 *   amount: '10.00',
 *   oauth_consumer_key: 'merchant',
 * });
 * // 'POST&https%3A%2F%2Fgate.example%2Fpayment%2Fapi%2Fv4%2Ftransfer%2F42&amount%3D10.00%26oauth_consumer_key%3Dmerchant%26x%3D1'
 * ```
 */
export function signatureBaseString(method: string, url: string | URL, params?: ParameterInput): string {
  const parsed = parseRequestUrl(url);
  const pairs: Parameter[] = parseFormPairs(parsed.search.slice(1));
  for (const pair of collectParameters(params)) pairs.push(pair);
  return baseStringFromPairs(normalizeMethod(method), baseStringUri(parsed), pairs);
}

/** §3.4.1.1 from parts already checked: the verifier's path. */
export function baseStringFromPairs(method: string, uri: string, pairs: readonly Parameter[]): string {
  return baseStringFromEncoded(method, uri, encodePairs(pairs.filter(([name]) => name !== 'oauth_signature')));
}

/**
 * §3.4.1.1 from percent-encoded pairs: the signer's hot path. The normalized parameter string
 * holds only unreserved characters, `%`, `=` and `&`, so encoding it a second time is exactly
 * `%` -> `%25`, `=` -> `%3D`, `&` -> `%26`, done here while joining instead of in another pass.
 * Sorts `encoded` in place; it must not hold `oauth_signature`.
 */
export function baseStringFromEncoded(method: string, uri: string, encoded: [string, string][]): string {
  const params = encoded
    .sort(compareEncoded)
    .map(([name, value]) => percentEncode(name) + '%3D' + percentEncode(value))
    .join('%26');
  return `${method}&${percentEncode(uri)}&${params}`;
}
