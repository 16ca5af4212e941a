/**
 * The delay before retry `retry` (1 for the first): `baseDelayMs * 2^(retry - 1)`, at most
 * `maxDelayMs`, times `random()` ("full jitter", so that many clients retrying at once spread out;
 * leave `random` out for the ceiling itself). Bulk's retries of a batch and the emulator's callback
 * deliveries both wait this long.
 *
 * @example
 * ```ts
 * import { retryDelayMs } from '@paysign/protocol';
 *
 * retryDelayMs(3, 200, 10_000); // 800
 * retryDelayMs(3, 200, 10_000, () => 0.5); // 400
 * retryDelayMs(40, 200, 10_000); // 10000
 * ```
 */
export function retryDelayMs(retry: number, baseDelayMs: number, maxDelayMs: number, random: () => number = () => 1): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(Math.max(retry - 1, 0), 30));
  return Math.floor(random() * ceiling);
}
