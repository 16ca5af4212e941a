import { percentEncode } from '../encoding/percent-encode.js';
import { OAuthError } from '../errors.js';
import { collectParameters, type Parameter } from '../parameters/collect.js';
import { joinNormalized } from '../parameters/normalize.js';
import type { ParameterInput } from '../types.js';
import { baseStringUri, parseRequestUrl } from './base-string-uri.js';
import { parseFormPairs } from './query.js';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * RFC 5849 §3.4.1.1 step 1: the HTTP request method, uppercase. It must be an RFC 7230 token.
 *
 * @throws {OAuthError} `INVALID_METHOD` for anything else.
 * @example
 * ```ts
 * import { normalizeMethod } from '@paysign/oauth-core';
 *
 * normalizeMethod('post'); // 'POST'
 * ```
 */
export function normalizeMethod(method: string): string {
  if (typeof method !== 'string' || !TOKEN.test(method)) {
    throw new OAuthError('INVALID_METHOD', 'the HTTP method must be a non-empty RFC 7230 token');
  }
  return method.toUpperCase();
}

/**
 * How the steps of {@link signatureBaseStringParts} are done. The defaults are RFC 5849's; a
 * diagnostic tool may pass the steps of a known mistake to reproduce the base string a faulty
 * client built.
 *
 * @example
 * ```ts
 * import { signatureBaseStringParts, type BaseStringSteps } from '@paysign/oauth-core';
 *
 * // A client that form-encodes spaces as "+" (a common mistake):
 * const plusForSpace: BaseStringSteps = { encode: (value) => encodeURIComponent(value).replace(/%20/g, '+') };
 * signatureBaseStringParts('POST', 'https://gate.example/', [['note', 'a b']], plusForSpace).baseString;
 * // 'POST&https%3A%2F%2Fgate.example%2F&note%3Da%2Bb'
 * ```
 */
export interface BaseStringSteps {
  /** §3.4.1.3.2 step 1: how each name and value is encoded. Default `percentEncode` (§3.6); the URI and the normalized parameters are always percent-encoded (§3.4.1.1). */
  encode?: (value: string) => string;
  /** §3.4.1.3.2 step 2: sort the encoded pairs by name, then value. Default `true`; `false` keeps the order given. */
  sort?: boolean;
}

/**
 * A signature base string and the parts it is made of, named as RFC 5849 §3.4.1 names them.
 *
 * @example
 * ```ts
 * import { signatureBaseStringParts, type SignatureBaseStringParts } from '@paysign/oauth-core';
 *
 * const parts: SignatureBaseStringParts = signatureBaseStringParts('GET', 'http://example.com/request', [['b5', '=%3D'], ['a3', 'a']]);
 * parts.normalizedParameters; // 'a3=a&b5=%3D%253D'
 * ```
 */
export interface SignatureBaseStringParts {
  /** §3.4.1.1 step 1: the HTTP request method, as given (pass it through {@link normalizeMethod}). */
  method: string;
  /** §3.4.1.2: the base string URI, as given (pass it through `baseStringUri`). */
  uri: string;
  /** §3.4.1.3.2 step 1: every name and value encoded, in the order given, without `oauth_signature`. */
  encodedParameters: [name: string, value: string][];
  /** §3.4.1.3.2 steps 2-4: the encoded pairs sorted, each joined with `=`, all joined with `&`. */
  normalizedParameters: string;
  /** §3.4.1.1: the method, the encoded URI and the encoded normalized parameters, joined with `&`. */
  baseString: string;
}

/**
 * The signature base string of RFC 5849 §3.4.1, step by step as the RFC writes it, with each
 * step's result: the one base-string function that the signer, the verifier and
 * {@link signatureBaseString} call. `parameters` are the request's parameters, decoded, from
 * every source of §3.4.1.3.1 (the query, the form body, the protocol parameters);
 * `oauth_signature` is left out wherever it appears.
 *
 * @throws {OAuthError} `INVALID_STRING` when a name or value holds a lone surrogate.
 * @example
 * ```ts
 * import { baseStringUri, normalizeMethod, signatureBaseStringParts } from '@paysign/oauth-core';
 *
 * const parts = signatureBaseStringParts(normalizeMethod('post'), baseStringUri('https://Gate.example:443/pay?x=1'), [
 *   ['x', '1'],
 *   ['amount', '10.00'],
 * ]);
 * parts.baseString; // 'POST&https%3A%2F%2Fgate.example%2Fpay&amount%3D10.00%26x%3D1'
 * ```
 */
export function signatureBaseStringParts(method: string, uri: string, parameters: readonly Parameter[], steps: BaseStringSteps = {}): SignatureBaseStringParts {
  const encode = steps.encode ?? percentEncode;
  // §3.4.1.3.2 step 1: every name and value encoded (§3.4.1.3.1: without oauth_signature).
  const encodedParameters: [string, string][] = [];
  for (const pair of parameters) {
    if (pair[0] !== 'oauth_signature') encodedParameters.push([encode(pair[0]), encode(pair[1])]);
  }
  // Steps 2-4: sorted by name, then value, each pair joined with "=", the pairs with "&".
  const normalizedParameters = joinNormalized(encodedParameters, steps.sort ?? true);
  // §3.4.1.1: the method, the encoded base string URI and the encoded normalized parameters, joined with "&".
  const baseString = `${method}&${percentEncode(uri)}&${percentEncode(normalizedParameters)}`;
  return { method, uri, encodedParameters, normalizedParameters, baseString };
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
  return signatureBaseStringParts(normalizeMethod(method), baseStringUri(parsed), pairs).baseString;
}
