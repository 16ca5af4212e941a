// Interleaved rounds: every case of a group is measured once per round, in a rotating order, so
// that a burst of load from another process lands on all cases alike instead of on whichever
// case happened to be running. Runtime-neutral: it runs inside Deno, Bun and workerd probes too.
import { pairedRatios, summarize, type Summary } from './stats.js';

/** One thing to measure: `run(n)` performs the operation n times. */
export interface BenchCase {
  /** Stable identifier within its group, such as `paysign-node` or `floor`. */
  id: string;
  run(iterations: number): void | Promise<void>;
}

export interface MeasureOptions {
  /** Measured rounds (one more, uncounted, warms up). */
  rounds: number;
  /** Target duration of one sample, in milliseconds. */
  sampleMs: number;
  /** Monotonic clock in milliseconds; default `performance.now`. */
  now?: () => number;
  /** Called before each sample, for a progress display. */
  onSample?: (event: SampleEvent) => void;
}

export interface SampleEvent {
  caseId: string;
  /** 0 is the warm-up round. */
  round: number;
  rounds: number;
  /** Position of this sample within the whole run of the group, and the total. */
  done: number;
  total: number;
}

/** The samples of one case, in operations per second, one per round. */
export type Samples = Readonly<Record<string, readonly number[]>>;

async function timed(run: BenchCase['run'], iterations: number, now: () => number): Promise<number> {
  const start = now();
  const pending = run(iterations);
  if (pending !== undefined) await pending;
  return now() - start;
}

/**
 * Finds an iteration count that makes one sample last about `sampleMs`. The timing runs double
 * as warm-up for the JIT.
 *
 * @example
 * ```ts
 * const n = await calibrate({ id: 'noop', run: (n) => { for (let i = 0; i < n; i++); } }, 50);
 * ```
 */
export async function calibrate(benchCase: BenchCase, sampleMs: number, now: () => number = () => performance.now()): Promise<number> {
  let iterations = 1;
  for (;;) {
    const elapsed = await timed(benchCase.run, iterations, now);
    if (elapsed >= sampleMs / 4 || iterations >= 2 ** 30) {
      return Math.max(1, Math.round((iterations * sampleMs) / Math.max(elapsed, 1e-3)));
    }
    // Grow fast while the sample is far too short, but never past the target in one step.
    iterations *= elapsed <= 0 ? 16 : Math.min(16, Math.max(2, Math.floor(sampleMs / 4 / elapsed)));
  }
}

/**
 * Measures a group of cases in interleaved rounds and returns each case's samples (ops/s).
 *
 * @example
 * ```ts
 * const samples = await measureInterleaved([floor, subject], { rounds: 7, sampleMs: 100 });
 * summarize(pairedRatios(samples.subject, samples.floor));
 * ```
 */
export async function measureInterleaved(cases: readonly BenchCase[], options: MeasureOptions): Promise<Record<string, number[]>> {
  const now = options.now ?? (() => performance.now());
  const ids = new Set<string>();
  for (const benchCase of cases) {
    if (ids.has(benchCase.id)) throw new Error(`two cases share the id "${benchCase.id}"`);
    ids.add(benchCase.id);
  }
  const iterations = new Map<string, number>();
  for (const benchCase of cases) iterations.set(benchCase.id, await calibrate(benchCase, options.sampleMs, now));

  const samples: Record<string, number[]> = {};
  for (const benchCase of cases) samples[benchCase.id] = [];
  const total = (options.rounds + 1) * cases.length;
  let done = 0;
  for (let round = 0; round <= options.rounds; round++) {
    for (let k = 0; k < cases.length; k++) {
      const benchCase = cases[(k + round) % cases.length]!;
      options.onSample?.({ caseId: benchCase.id, round, rounds: options.rounds, done: done++, total });
      const n = iterations.get(benchCase.id)!;
      const elapsed = await timed(benchCase.run, n, now);
      if (round > 0) samples[benchCase.id]!.push((n * 1000) / Math.max(elapsed, 1e-6));
    }
  }
  return samples;
}

/** A case's figure and, when a floor was measured beside it, its ratio to that floor. */
export interface CaseFigure {
  opsPerSecond: Summary;
  vsFloor?: Summary;
}

/**
 * Summarizes a group's samples, each case as ops/s and as paired ratios against `floorId`.
 *
 * @example
 * ```ts
 * figures({ floor: [100, 110], subject: [60, 55] }, 'floor').subject.vsFloor.median; // 0.55
 * ```
 */
export function figures(samples: Samples, floorId?: string): Record<string, CaseFigure> {
  const floor = floorId === undefined ? undefined : samples[floorId];
  if (floorId !== undefined && floor === undefined) throw new Error(`no floor "${floorId}" among the samples`);
  const result: Record<string, CaseFigure> = {};
  for (const [id, values] of Object.entries(samples)) {
    const figure: CaseFigure = { opsPerSecond: summarize(values) };
    if (floor !== undefined) figure.vsFloor = summarize(pairedRatios(values, floor));
    result[id] = figure;
  }
  return result;
}
