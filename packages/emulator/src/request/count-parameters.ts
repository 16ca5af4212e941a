/**
 * Counts the `&`-separated segments of form-encoded texts (a query and a body) without splitting
 * or decoding them, stopping as soon as the count passes `limit`. Empty texts count nothing; empty
 * segments (`a=1&&b=2`) count, so the result is an upper bound of what a parser would find.
 *
 * @example
 * ```ts
 * countFormParameters(['a=1&b=2', 'c=3'], 128); // 3
 * ```
 */
export function countFormParameters(texts: readonly string[], limit: number): number {
  let count = 0;
  for (const text of texts) {
    if (text === '') continue;
    count++;
    for (let at = text.indexOf('&'); at !== -1 && count <= limit; at = text.indexOf('&', at + 1)) count++;
    if (count > limit) return count;
  }
  return count;
}
