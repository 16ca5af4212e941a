// The CLI's one "did you mean": for commands, flags and field names. Edit distance is written here
// (optimal string alignment, 20 lines): the npm packages for it (leven, fastest-levenshtein) count
// no adjacent swap, the commonest typo ("sgin").

/** Edit distance (insertions, deletions, substitutions, adjacent swaps) between two short words. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** Case, `-` and `_` are not told apart: `--base_url` is `--base-url`, `creditcardnumber` is `creditCardNumber`. */
const fold = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/**
 * The group of spellings closest to what was typed, when it is near enough to be a typo, else
 * `undefined`. Each group is one name as the CLI accepts it, in all its spellings (a field's
 * `creditCardNumber` and `credit-card-number`); case, `-` and `_` do not count. Near enough: at
 * most 2 edits, or a third of the name for a long one (`creditCardNo` for `creditCardNumber`), and
 * fewer than half of what was typed.
 *
 * @example
 * ```ts
 * didYouMeanOneOf('creditCardNo', [['creditCardNumber', 'credit-card-number'], ['amount']]); // ['creditCardNumber', 'credit-card-number']
 * didYouMeanOneOf('colour', [['amount']]); // undefined
 * ```
 */
export function didYouMeanOneOf(typed: string, groups: readonly (readonly string[])[]): readonly string[] | undefined {
  const folded = fold(typed);
  let best: { group: readonly string[]; distance: number; length: number } | undefined;
  for (const group of groups) {
    for (const name of group) {
      const d = distance(folded, fold(name));
      if (best === undefined || d < best.distance) best = { group, distance: d, length: fold(name).length };
    }
  }
  if (best === undefined) return undefined;
  const near = best.distance <= Math.max(2, Math.floor(best.length / 3)) && best.distance < Math.max(folded.length, 2) / 2;
  return near ? best.group : undefined;
}

/**
 * The known name closest to what was typed, when it is near enough to be a typo, else `undefined`
 * (see {@link didYouMeanOneOf}).
 *
 * @example
 * ```ts
 * didYouMean('signn', ['sign', 'send']); // 'sign'
 * didYouMean('frobnicate', ['sign', 'send']); // undefined
 * ```
 */
export function didYouMean(typed: string, known: readonly string[]): string | undefined {
  return didYouMeanOneOf(
    typed,
    known.map((name) => [name]),
  )?.[0];
}

/**
 * ` (did you mean "a"?)`, ` (did you mean "a" or "b"?)`, or `''` when nothing is near.
 *
 * @example
 * ```ts
 * suggestion(['creditCardNumber', 'credit-card-number']); // ' (did you mean "creditCardNumber" or "credit-card-number"?)'
 * ```
 */
export function suggestion(names: readonly string[] | undefined): string {
  if (names === undefined || names.length === 0) return '';
  return ` (did you mean ${[...new Set(names)].map((name) => JSON.stringify(name)).join(' or ')}?)`;
}
