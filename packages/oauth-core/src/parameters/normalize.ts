import { percentEncode } from '../encoding/percent-encode.js';
import type { ParameterInput } from '../types.js';
import { collectParameters } from './collect.js';

// RFC 5849 §3.4.1.3.2 sorts by encoded name, then encoded value, "using ascending byte value
// ordering". Encoded strings are ASCII, so UTF-16 code unit order is byte order.
/** True when encoded pair `x` sorts after `y`: by name, then value (§3.4.1.3.2 step 2). */
function after(x: readonly [string, string, ...unknown[]], y: readonly [string, string, ...unknown[]]): boolean {
  return x[0] > y[0] || (x[0] === y[0] && x[1] > y[1]);
}

/**
 * Normalizes request parameters (RFC 5849 §3.4.1.3.2): every name and value percent-encoded,
 * sorted by encoded name and then by encoded value, joined as `name=value` with `&`.
 * Pairs are sorted as pairs, so `amount` sorts before `amount-from` whatever their values.
 *
 * @example
 * ```ts
 * normalizeParameters({ b5: '=%3D', a3: ['a', '2 q'], 'c@': '', a2: 'r b' });
 * // 'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40='
 * ```
 */
export function normalizeParameters(params: ParameterInput): string {
  return joinNormalized(encodePairs(collectParameters(params)));
}

/** §3.4.1.3.2 step 1: each name and value of decoded pairs percent-encoded ({@link percentEncode}). */
export function encodePairs(pairs: readonly (readonly [string, string])[]): (readonly [string, string])[] {
  return pairs.map((pair) => [percentEncode(pair[0]), percentEncode(pair[1])]);
}

/** The order of §3.4.1.3.2 step 2 as a comparator, for Array#sort. */
function byNameThenValue(x: readonly [string, string, ...unknown[]], y: readonly [string, string, ...unknown[]]): number {
  return after(x, y) ? 1 : after(y, x) ? -1 : 0;
}

/**
 * §3.4.1.3.2 step 2: encoded pairs sorted by name, then value, in place (the array is returned).
 * An insertion sort: a request's parameters come in a few runs already in order (the query, the
 * form, the protocol parameters), so each pair moves past a few others at most, with no comparator
 * call. Pairs far from order (a long list given backwards) would make it quadratic: once the moves
 * pass 8 a pair seen (never, under 16 pairs), Array#sort (n log n) sorts the whole list instead.
 */
export function sortEncodedInPlace<Pair extends readonly [string, string, ...unknown[]]>(sorted: Pair[]): Pair[] {
  let moves = 0;
  for (let i = 1; i < sorted.length; i++) {
    const pair = sorted[i] as Pair;
    let j = i;
    for (; j > 0 && after(sorted[j - 1] as Pair, pair); j--) sorted[j] = sorted[j - 1] as Pair;
    sorted[j] = pair;
    moves += i - j;
    if (moves > 8 * i) return sorted.sort(byNameThenValue);
  }
  return sorted;
}

/** §3.4.1.3.2 steps 2-4: encoded pairs sorted by name, then value (`sort` `false`: in the order given), each joined with `=`, all with `&`. */
export function joinNormalized(encoded: readonly (readonly [string, string])[], sort = true): string {
  const ordered = sort ? sortEncodedInPlace(encoded.slice()) : encoded;
  return ordered.map((pair) => `${pair[0]}=${pair[1]}`).join('&');
}
