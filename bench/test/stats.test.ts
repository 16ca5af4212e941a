import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCount, formatRatio, median, pairedRatios, quantile, summarize } from '../src/harness/stats.js';
import { calibrate, figures, measureInterleaved } from '../src/harness/measure.js';
import { slope } from '../src/suites/memory.js';
import { parseOptions } from '../src/options.js';

describe('order statistics', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('interpolates quantiles linearly (type 7, as NumPy)', () => {
    // numpy.percentile([1, 2, 3, 4, 10], 25) == 2.0, 75 -> 4.0, 90 -> 7.6
    expect(quantile([1, 2, 3, 4, 10], 0.25)).toBe(2);
    expect(quantile([1, 2, 3, 4, 10], 0.75)).toBe(4);
    expect(quantile([1, 2, 3, 4, 10], 0.9)).toBeCloseTo(7.6, 12);
  });

  it('summarizes with half the interquartile range as relative spread', () => {
    expect(summarize([90, 100, 110])).toEqual({ median: 100, low: 95, high: 105, spread: 0.05, samples: 3 });
  });

  it('keeps the median between the quartiles, whatever the samples', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 50 }), (values) => {
        const s = summarize(values);
        expect(s.low).toBeLessThanOrEqual(s.median);
        expect(s.median).toBeLessThanOrEqual(s.high);
        expect(s.low).toBeGreaterThanOrEqual(Math.min(...values));
        expect(s.high).toBeLessThanOrEqual(Math.max(...values));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses empty, non-finite and unpaired samples', () => {
    expect(() => median([])).toThrow(RangeError);
    expect(() => median([1, Number.NaN])).toThrow(RangeError);
    expect(() => pairedRatios([1, 2], [1])).toThrow(RangeError);
    expect(() => pairedRatios([1], [0])).toThrow(RangeError);
  });

  it('pairs ratios round by round, so drift common to both cancels', () => {
    // The machine slows down by half in round 2: both figures halve, the ratio does not move.
    expect(pairedRatios([50, 25], [100, 50])).toEqual([0.5, 0.5]);
  });

  it('formats counts and ratios', () => {
    expect(formatCount(1234567)).toBe('1.23M');
    expect(formatCount(98765)).toBe('98.8k');
    expect(formatCount(7.75)).toBe('7.75');
    expect(formatCount(200)).toBe('200');
    expect(formatRatio(0.6234)).toBe('0.62x');
    expect(formatRatio(12.4)).toBe('12x');
  });

  it('fits the slope of a straight line', () => {
    expect(slope([1, 2, 3, 4], [10, 12, 14, 16])).toBeCloseTo(2, 12);
    expect(slope([1, 2, 3], [5, 5, 5])).toBe(0);
  });
});

describe('interleaved measurement', () => {
  // A fake clock: each operation of a case costs a fixed number of milliseconds, so the
  // harness's arithmetic is checked without timing anything.
  function fakeCases(costs: Record<string, number>) {
    let clock = 0;
    const order: string[] = [];
    const cases = Object.entries(costs).map(([id, cost]) => ({
      id,
      run(n: number) {
        order.push(id);
        clock += n * cost;
      },
    }));
    return { cases, order, now: () => clock };
  }

  it('calibrates a sample to about the target duration', async () => {
    const { cases, now } = fakeCases({ slow: 0.5 });
    const n = await calibrate(cases[0]!, 100, now);
    expect(n * 0.5).toBeGreaterThanOrEqual(90);
    expect(n * 0.5).toBeLessThanOrEqual(110);
  });

  it('gives ops/s per round and paired ratios against the floor', async () => {
    const { cases, now } = fakeCases({ floor: 0.01, subject: 0.04 });
    const samples = await measureInterleaved(cases, { rounds: 5, sampleMs: 10, now });
    expect(samples.floor).toHaveLength(5);
    for (const value of samples.floor!) expect(value).toBeCloseTo(100_000, 6);
    const result = figures(samples, 'floor');
    expect(result.subject!.vsFloor!.median).toBeCloseTo(0.25, 12);
    expect(result.floor!.vsFloor!.median).toBe(1);
  });

  it('rotates the order of cases from round to round', async () => {
    const { cases, order, now } = fakeCases({ a: 1, b: 1, c: 1 });
    await measureInterleaved(cases, { rounds: 2, sampleMs: 1, now });
    const rounds = order.slice(-9);
    expect(rounds.slice(0, 3)).toEqual(['a', 'b', 'c']);
    expect(rounds.slice(3, 6)).toEqual(['b', 'c', 'a']);
    expect(rounds.slice(6, 9)).toEqual(['c', 'a', 'b']);
  });

  it('refuses two cases with one id and a missing floor', async () => {
    const { cases, now } = fakeCases({ a: 1 });
    await expect(measureInterleaved([cases[0]!, cases[0]!], { rounds: 1, sampleMs: 1, now })).rejects.toThrow(/share the id/);
    expect(() => figures({ a: [1] }, 'floor')).toThrow(/no floor/);
  });
});

describe('options', () => {
  it('keeps quick runs out of the committed results', () => {
    expect(parseOptions(['--quick'], 'results').outDir).toBe('results/quick');
    expect(parseOptions([], 'results').outDir).toBe('results');
    expect(parseOptions(['--quick']).memorySigns).toBeLessThan(parseOptions([]).memorySigns);
  });

  it('selects suites and refuses unknown arguments', () => {
    expect([...parseOptions(['--only=hmac,rsa']).suites]).toEqual(['hmac', 'rsa']);
    // As pnpm passes them for the README's `pnpm --filter @paysign/bench bench -- --only=hmac`.
    expect([...parseOptions(['--quick', '--', '--only=hmac']).suites]).toEqual(['hmac']);
    expect(() => parseOptions(['--only=nope'])).toThrow(/unknown suite/);
    expect(() => parseOptions(['--fast'])).toThrow(/unknown argument/);
    expect(() => parseOptions(['--rounds=0'])).toThrow(/positive/);
  });
});
