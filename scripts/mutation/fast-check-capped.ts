// fast-check for mutation runs only (vitest.mutation.config.ts aliases 'fast-check' here): the
// same library, but each property runs at most MUTATION_NUM_RUNS cases (default 30) with a fixed
// seed, since every surviving mutant reruns every property that covers it. The ordinary test run
// keeps each property's own numRuns. A mutant that only a rare random case would catch is then
// reported as surviving, which errs on the side of showing a gap.
import * as real from 'fast-check-real';

const cap = Number(process.env.MUTATION_NUM_RUNS ?? 30);

type AssertFunction = typeof real.assert;

/** `fc.assert` with numRuns capped and the seed fixed, so that a mutant's result is reproducible. */
export const assert = ((property: Parameters<AssertFunction>[0], params?: Parameters<AssertFunction>[1]) =>
  real.assert(property as never, { ...params, seed: 20_261_123, numRuns: Math.min(params?.numRuns ?? 100, cap) } as never)) as AssertFunction;

export * from 'fast-check-real';
export default { ...real, assert };
