import { normalizedOrder } from '../parameters/normalize.js';

/**
 * The order of RFC 5849 §3.4.1.3.2 step 2, remembered for the next list with the same names. When
 * no name repeats, the order depends on the names alone (values only break ties between equal
 * names), so a client that signs the same kind of request again skips the sort: 5–11% of a short
 * request's signing time (bench/README.md). Only encoded names are kept, never values.
 * test/signer-order-cache.test.ts holds every order it gives equal to a fresh sort's.
 */
export function createParameterOrder(): (encoded: readonly (readonly [string, string])[]) => readonly number[] {
  let lastNames: string[] = [];
  let lastOrder: number[] = [];
  return (encoded) => {
    let same = encoded.length === lastNames.length;
    for (let i = 0; same && i < encoded.length; i++) same = (encoded[i] as readonly [string, string])[0] === lastNames[i];
    if (same) return lastOrder;
    const order = normalizedOrder(encoded);
    const names = encoded.map((pair) => pair[0]);
    if (new Set(names).size === names.length) {
      lastNames = names;
      lastOrder = order;
    }
    return order;
  };
}
