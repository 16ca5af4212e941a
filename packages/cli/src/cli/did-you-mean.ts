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

/**
 * The known name closest to what was typed, when it is near enough to be a typo (at most 2 edits,
 * and fewer than half the word), else `undefined`.
 *
 * @example
 * ```ts
 * didYouMean('signn', ['sign', 'send']); // 'sign'
 * didYouMean('frobnicate', ['sign', 'send']); // undefined
 * ```
 */
export function didYouMean(typed: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const name of known) {
    const d = distance(typed.toLowerCase(), name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return bestDistance <= 2 && bestDistance < Math.max(typed.length, 2) / 2 ? best : undefined;
}
