// §3.4.1.3.2 step 2's sort (sortEncodedInPlace: the signer's, the verifier's and
// signatureBaseString's) on any list, and its work bounded on a list out of order: an insertion
// sort alone made a 1 MiB form given backwards cost ~50 s of CPU (n² moves) in the signer, the
// verifier and the signing proxy. Counted in writes to the list, not timed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rfcPercentEncode } from '../../../conformance/suites/rfc-percent-encode.js';
import { createSigner } from '../src/entries/node.js';
import { sortEncodedInPlace } from '../src/parameters/normalize.js';

type Pair = readonly [string, string];

/** Byte order of encoded (ASCII) strings, by name then value: the RFC's order, written with Array#sort. */
function reference(pairs: readonly Pair[]): Pair[] {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return pairs.slice().sort((x, y) => compare(x[0], y[0]) || compare(x[1], y[1]));
}

/** The list behind a proxy that counts the writes made to its elements. */
function counted(pairs: Pair[]): { list: Pair[]; writes: () => number } {
  let writes = 0;
  const list = new Proxy(pairs, {
    set(target, key, value) {
      if (typeof key === 'string' && /^\d+$/.test(key)) writes++;
      return Reflect.set(target, key, value);
    },
  });
  return { list, writes: () => writes };
}

const encoded = fc.stringMatching(/^[a-c%0-9]{0,4}$/);

describe('the sort of §3.4.1.3.2 step 2', () => {
  it('sorts any list by name, then value (short, long, in order, backwards, shuffled)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(encoded, encoded), { maxLength: 300 }), fc.constantFrom('as given', 'sorted', 'backwards'), (pairs, order) => {
        const list = order === 'as given' ? pairs : order === 'sorted' ? reference(pairs) : reference(pairs).reverse();
        expect(sortEncodedInPlace(list.slice())).toEqual(reference(list));
      }),
      { numRuns: 300 },
    );
  });

  it('does linear work on a list in a few runs, and n log n (not n²) on one given backwards', () => {
    const n = 4_000;
    const names = Array.from({ length: n }, (_, i) => [`p${String(i).padStart(6, '0')}`, '1'] as const);
    // In order but for a run of protocol parameters at the end (a request's shape): the insertion sort.
    const request = counted([...names.filter((_, i) => i % 2 === 0), ...names.filter((_, i) => i % 2 === 1).slice(0, 5)]);
    expect(sortEncodedInPlace(request.list)).toEqual(reference(request.list));
    expect(request.writes()).toBeLessThan(8 * request.list.length);
    // Backwards: n²/2 = 8e6 moves for an insertion sort alone; bounded here.
    const backwards = counted(names.slice().reverse());
    expect(sortEncodedInPlace(backwards.list)).toEqual(names);
    expect(backwards.writes()).toBeLessThan(40 * n);
  });

  it("a 1 MiB form given backwards is signed, its base string the RFC's", () => {
    const n = 100_000;
    const names = Array.from({ length: n }, (_, i) => `p${String(n - i).padStart(6, '0')}`);
    const body = names.map((name) => `${name}=1`).join('&');
    expect(body.length).toBeGreaterThan(999_000);
    const signer = createSigner({ consumerKey: 'k', consumerSecret: 's', signatureMethod: 'HMAC-SHA1', nonce: () => 'n', timestamp: () => 1 });
    const signed = signer.signSync({ url: 'https://a.example/x', body, contentType: 'application/x-www-form-urlencoded' });
    const oauth = Object.entries(signed.oauthParams).map(([name, value]) => [rfcPercentEncode(name), rfcPercentEncode(value)] as const);
    const normalized = reference([...names.map((name) => [name, '1'] as const), ...oauth])
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    expect(signed.baseString).toBe(`POST&${rfcPercentEncode('https://a.example/x')}&${rfcPercentEncode(normalized)}`);
  });
});
