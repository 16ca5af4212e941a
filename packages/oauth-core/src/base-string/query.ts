import { formDecode } from '../encoding/percent-decode.js';
import type { Parameter } from '../parameters/collect.js';

const SEGMENT = /^([^=]*)=?([\s\S]*)$/;

/**
 * Reads a query string or form body as RFC 5849 §3.4.1.3.1 asks: `&`-separated pairs, the name
 * before the first `=`, `+` as a space, percent-decoded UTF-8. Empty segments are skipped; a
 * pair without `=` has the empty value. Malformed escapes are refused, never replaced.
 *
 * @throws {OAuthError} `INVALID_STRING` on a malformed escape or bytes that are not UTF-8.
 * @example
 * ```ts
 * parseFormPairs('a=1&b=x+y&c'); // [['a', '1'], ['b', 'x y'], ['c', '']]
 * ```
 */
export function parseFormPairs(text: string): Parameter[] {
  const pairs: Parameter[] = [];
  for (const segment of text.split('&')) {
    // The name runs to the first "=", the value is the rest (empty when there is no "=").
    const [, name, value] = SEGMENT.exec(segment) as RegExpExecArray;
    if (segment !== '') pairs.push([formDecode(name as string), formDecode(value as string)]);
  }
  return pairs;
}
