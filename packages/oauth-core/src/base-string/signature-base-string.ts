import { encodeOnceAndTwice, type FastEncoder } from '../encoding/encode-twice.js';
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
    .map(([name, value]) => `${percentEncode(name)}%3D${percentEncode(value)}`)
    .join('%26');
  return `${method}&${percentEncode(uri)}&${params}`;
}

/** A percent-encoded pair and its `name%3Dvalue` segment of the base string (encoded twice). */
export type EncodedPair = [name: string, value: string, segment: string];

/**
 * A pair for {@link baseStringFromSegments}: the name's two encodings (remembered by the signer)
 * and the value, encoded here once and twice in one pass (by `encodeFast`, when given).
 *
 * @example
 * ```ts
 * encodedPair(['a', 'a'], 'x y'); // ['a', 'x%20y', 'a%3Dx%2520y']
 * ```
 */
export function encodedPair(name: readonly [once: string, twice: string], value: string, encodeFast?: FastEncoder): EncodedPair {
  const [once, twice] = encodeOnceAndTwice(value, encodeFast);
  return [name[0], once, `${name[1]}%3D${twice}`];
}

/**
 * The order of §3.4.1.3.2 for a list of pairs, remembered for the next list with the same names:
 * when no name repeats, the order depends on the names alone (values only break ties between
 * equal names), so a client that signs the same kind of request again skips the sort. Only
 * encoded names are kept, never values.
 *
 * @example
 * ```ts
 * const order = createParameterOrder();
 * order([encodedPair(['b', 'b'], '2'), encodedPair(['a', 'a'], '1')]); // [1, 0]
 * ```
 */
export function createParameterOrder(): (pairs: readonly EncodedPair[]) => readonly number[] {
  // Stryker disable next-line ArrayDeclaration: no first list matches a one-name list: the signer's lists hold at least its 4 protocol parameters
  let lastNames: string[] = [];
  // Stryker disable next-line ArrayDeclaration: the first order is returned only for an empty list, and the signer's lists hold at least its 4 protocol parameters
  let lastOrder: number[] = [];
  return (pairs) => {
    // Stryker disable next-line BlockStatement: the remembered order never used: every list is sorted again, to the same order (speed only)
    if (pairs.length === lastNames.length) {
      // Stryker disable next-line BooleanLiteral: the remembered order never used: every list is sorted again, to the same order (speed only)
      let same = true;
      for (let i = 0; i < pairs.length; i++) {
        if ((pairs[i] as EncodedPair)[0] !== lastNames[i]) {
          same = false;
          break;
        }
      }
      if (same) return lastOrder;
    }
    const order = pairs.map((_, i) => i).sort((x, y) => compareEncoded(pairs[x] as EncodedPair, pairs[y] as EncodedPair));
    // Stryker disable next-line ArrowFunction: names all undefined are never distinct for the signer's lists of 4 or more, so no order is remembered: every list is sorted again (speed only)
    const names = pairs.map((pair) => pair[0]);
    // Stryker disable next-line BlockStatement: no order remembered: every list is sorted again, to the same order (speed only)
    if (new Set(names).size === names.length) {
      lastNames = names;
      lastOrder = order;
    }
    return order;
  };
}

/**
 * §3.4.1.1 from pairs that carry their base-string segment: the signer's hot path. Joins the
 * segments with `%26` (the second encoding of `&`) in `order`, the order of §3.4.1.3.2 (encoded
 * name, then encoded value). `encodedUri` is the base string URI, already percent-encoded.
 *
 * @example
 * ```ts
 * baseStringFromSegments('POST', 'https%3A%2F%2Fgate.example%2F', [encodedPair(['b', 'b'], '2'), encodedPair(['a', 'a'], '1')], [1, 0]);
 * // 'POST&https%3A%2F%2Fgate.example%2F&a%3D1%26b%3D2'
 * ```
 */
export function baseStringFromSegments(method: string, encodedUri: string, pairs: readonly EncodedPair[], order: readonly number[]): string {
  let params = '';
  for (let i = 0; i < order.length; i++) params += (i === 0 ? '' : '%26') + (pairs[order[i] as number] as EncodedPair)[2];
  return `${method}&${encodedUri}&${params}`;
}
