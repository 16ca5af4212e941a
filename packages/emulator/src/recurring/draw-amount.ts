// Rule 2: "every charge is a random amount between the two numbers". Seeded, so a test repeats it.
import { fromUnits, scaleOf, toUnits } from '@paysign/protocol';

function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * A random amount from `from` to `to` inclusive, in steps of the finer of their decimals (at
 * least cents), decided by `seed`, the payment's id and the charge's index only: the same
 * inputs give the same amount, whatever else the emulator did in between.
 *
 * @example
 * ```ts
 * drawAmount({ from: '5', to: '7.50' }, { seed: 1, recurringPaymentId: 'rp-1', index: 0 }); // e.g. '6.13'
 * ```
 */
export function drawAmount(range: { from: string; to: string }, at: { seed: number; recurringPaymentId: string; index: number }): string {
  const scale = Math.max(2, scaleOf(range.from), scaleOf(range.to));
  let low = toUnits(range.from, scale);
  let high = toUnits(range.to, scale);
  if (high < low) [low, high] = [high, low];
  const next = mulberry32(hash32(`${at.seed}:${at.recurringPaymentId}:${at.index}`));
  const random = (BigInt(next()) << 32n) | BigInt(next());
  return fromUnits(low + (random % (high - low + 1n)), scale);
}
