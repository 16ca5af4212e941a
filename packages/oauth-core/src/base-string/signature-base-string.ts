import { encodeOnceAndTwice, type FastEncoder } from '../encoding/encode-twice.js';
import { percentEncode } from '../encoding/percent-encode.js';
import { OAuthError } from '../errors.js';
import { collectParameters, type Parameter } from '../parameters/collect.js';
import { joinNormalized, normalizedOrder } from '../parameters/normalize.js';
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
 * How the steps of {@link signatureBaseStringParts} are done. The defaults are RFC 5849's; the
 * signer passes a faster encoder that gives the same bytes, and a diagnostic tool may pass the
 * steps of a known mistake to reproduce the base string a faulty client built.
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
 * The signature base string of RFC 5849 §3.4.1, step by step, with each step's result: the one
 * base-string function that the signer, the verifier and {@link signatureBaseString} call.
 * `parameters` are the request's parameters, decoded, from every source of §3.4.1.3.1 (the query,
 * the form body, the protocol parameters); `oauth_signature` is left out wherever it appears.
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
  const { encodedParameters, order, normalizedParameters, baseString } = layOutBaseString(method, uri, parameters, steps);
  return { method, uri, encodedParameters, normalizedParameters: normalizedParameters ?? joinNormalized(encodedParameters, order), baseString };
}

/** What {@link layOutBaseString} gives: the parts, with the order of step 2 (and the normalized parameters when it joined them). */
export interface LaidOutBaseString {
  encodedParameters: [name: string, value: string][];
  order: readonly number[];
  normalizedParameters: string | undefined;
  baseString: string;
}

/** What the signer brings to {@link layOutBaseString}: the entry's one-pass encoder, and its remembered parameter order. */
export interface SignerFastPath {
  encodeFast?: FastEncoder | undefined;
  /** A name's two encodings, remembered by the signer (a client sends the same names again). */
  encodeName?: (name: string) => [once: string, twice: string];
  /** The base string URI's encoding, remembered by the signer with the last URL. */
  encodeUri?: (uri: string) => string;
  order?: (encoded: readonly (readonly [string, string])[]) => readonly number[];
}

/**
 * {@link signatureBaseStringParts}, with the signer's fast path for RFC 5849 encoding (no
 * `steps.encode`): each name and value is encoded once and twice in one pass (by the entry's
 * `encodeFast` when it has one), and the encoded normalized parameters are joined from the second
 * encodings instead of encoding the joined string again: the same bytes, since encoded text holds
 * only unreserved characters and `%`, and `=` and `&` join it (%3D and %26 once encoded). The
 * signer may also bring the order of its last parameter list (`fastPath.order`).
 */
export function layOutBaseString(
  method: string,
  uri: string,
  parameters: readonly Parameter[],
  steps: BaseStringSteps,
  fastPath: SignerFastPath = {},
): LaidOutBaseString {
  const { encodeFast, encodeName = (name: string) => encodeOnceAndTwice(name, encodeFast) } = fastPath;
  const encode = steps.encode;
  // §3.4.1.3.2 step 1: encode every name and value. Indexed, not destructured: destructuring a
  // pair runs the iterator protocol on V8, a tenth of a short request's signing time.
  const encodedParameters: [string, string][] = [];
  const encodedTwice: string[] = [];
  for (let i = 0; i < parameters.length; i++) {
    const pair = parameters[i] as Parameter;
    if (pair[0] === 'oauth_signature') continue;
    if (encode === undefined) {
      const name = encodeName(pair[0]);
      const value = encodeOnceAndTwice(pair[1], encodeFast);
      encodedParameters.push([name[0], value[0]]);
      encodedTwice.push(`${name[1]}%3D${value[1]}`);
    } else {
      encodedParameters.push([encode(pair[0]), encode(pair[1])]);
    }
  }
  // Steps 2-4: sort by encoded name, then encoded value (byte order), and join.
  const order = steps.sort === false ? normalizedOrder(encodedParameters, false) : (fastPath.order ?? normalizedOrder)(encodedParameters);
  // §3.4.1.1: method "&" encoded base string URI "&" encoded normalized parameters.
  let normalizedParameters: string | undefined;
  let encodedNormalized = '';
  if (encode !== undefined) encodedNormalized = percentEncode((normalizedParameters = joinNormalized(encodedParameters, order)));
  else for (let i = 0; i < order.length; i++) encodedNormalized += (i === 0 ? '' : '%26') + (encodedTwice[order[i] as number] as string);
  const baseString = `${method}&${(fastPath.encodeUri ?? percentEncode)(uri)}&${encodedNormalized}`;
  return { encodedParameters, order, normalizedParameters, baseString };
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
