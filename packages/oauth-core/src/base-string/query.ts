import { formDecode } from '../encoding/percent-encode.js';
import type { Parameter } from '../parameters/collect.js';

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
  if (text === '') return pairs;
  for (const segment of text.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    pairs.push(
      eq === -1 ? [formDecode(segment), ''] : [formDecode(segment.slice(0, eq)), formDecode(segment.slice(eq + 1))],
    );
  }
  return pairs;
}
