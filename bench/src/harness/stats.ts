// Order statistics for benchmark samples. Medians and quartiles rather than means: on a shared
// machine a sample is disturbed only upwards in time (downwards in ops/s), and a mean follows
// the disturbance while a median does not.

/** A figure as the median of its samples, with the interquartile range as its spread. */
export interface Summary {
  median: number;
  /** 25th percentile. */
  low: number;
  /** 75th percentile. */
  high: number;
  /** Half the interquartile range relative to the median: 0.03 reads "±3%". */
  spread: number;
  samples: number;
}

function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new RangeError('no samples');
  for (const value of values) if (!Number.isFinite(value)) throw new RangeError(`a sample is not finite: ${value}`);
  return [...values].sort((a, b) => a - b);
}

/**
 * The q-quantile (0..1) by linear interpolation between order statistics (Hyndman-Fan type 7,
 * what spreadsheets and NumPy use by default).
 *
 * @example
 * ```ts
 * quantile([1, 2, 3, 4], 0.5); // 2.5
 * ```
 */
export function quantile(values: readonly number[], q: number): number {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile must be within 0..1, got ${q}`);
  const order = sorted(values);
  const position = (order.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return order[below]! + (order[above]! - order[below]!) * (position - below);
}

/**
 * The median of the samples.
 *
 * @example
 * ```ts
 * median([5, 1, 3]); // 3
 * ```
 */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/**
 * Median, quartiles and relative spread of a set of samples.
 *
 * @example
 * ```ts
 * summarize([90, 100, 110]); // { median: 100, low: 95, high: 105, spread: 0.05, samples: 3 }
 * ```
 */
export function summarize(values: readonly number[]): Summary {
  const low = quantile(values, 0.25);
  const high = quantile(values, 0.75);
  const middle = median(values);
  return { median: middle, low, high, spread: middle === 0 ? 0 : (high - low) / 2 / Math.abs(middle), samples: values.length };
}

/**
 * Ratios of paired samples (`subject[i] / floor[i]`), one per round. Pairing cancels the
 * machine's drift: both figures of a round were measured seconds apart under the same load.
 *
 * @example
 * ```ts
 * summarize(pairedRatios([50, 60], [100, 100])).median; // 0.55
 * ```
 */
export function pairedRatios(subject: readonly number[], floor: readonly number[]): number[] {
  if (subject.length !== floor.length) throw new RangeError(`paired samples differ in count: ${subject.length} and ${floor.length}`);
  return subject.map((value, i) => {
    const base = floor[i]!;
    if (!(base > 0)) throw new RangeError(`a floor sample is not positive: ${base}`);
    return value / base;
  });
}

/**
 * Formats a summary as `median ±spread%`, with the median in a readable unit.
 *
 * @example
 * ```ts
 * formatSummary({ median: 123456, low: 120000, high: 126000, spread: 0.024, samples: 7 }); // '123k ±2.4%'
 * ```
 */
export function formatSummary(summary: Summary, format: (value: number) => string = formatCount): string {
  return `${format(summary.median)} ±${(summary.spread * 100).toFixed(1)}%`;
}

/**
 * Three significant figures with a k/M/G suffix.
 *
 * @example
 * ```ts
 * formatCount(1234567); // '1.23M'
 * ```
 */
export function formatCount(value: number): string {
  const units = [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ] as const;
  for (const [size, suffix] of units) if (Math.abs(value) >= size) return `${toPrecision(value / size)}${suffix}`;
  return toPrecision(value);
}

/**
 * A ratio as `0.62x`, with two decimals below 10 and whole numbers above.
 *
 * @example
 * ```ts
 * formatRatio(0.6234); // '0.62x'
 * ```
 */
export function formatRatio(value: number): string {
  return `${Math.abs(value) >= 10 ? value.toFixed(0) : value.toFixed(2)}x`;
}

function toPrecision(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toPrecision(3).replace(/\.0+$|(\.\d*?)0+$/, '$1');
}
