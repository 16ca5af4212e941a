import { BulkError } from './bulk-errors.js';

/**
 * One shard of an input: the rows whose 0-based index is `index` modulo `count`.
 *
 * @example
 * ```ts
 * import { parseShard, type BulkShard } from '@paysign/bulk';
 *
 * const shard: BulkShard = parseShard('1/4'); // { index: 1, count: 4 }
 * await bulkUpdateRecurringPayments({ client, source, journal, shard });
 * ```
 */
export interface BulkShard {
  index: number;
  count: number;
}

/**
 * Reads `K/N` (as in `--shard 1/4`): shard K of N, 0 <= K < N. N processes, each with its own
 * shard and journal, split one input with no other coordination.
 *
 * @throws {BulkError} `BULK_INVALID_OPTIONS` when the text is not K/N with 0 <= K < N.
 * @example
 * ```ts
 * parseShard('1/4'); // { index: 1, count: 4 }
 * ```
 */
export function parseShard(text: string): BulkShard {
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(text);
  const shard = match ? { index: Number(match[1]), count: Number(match[2]) } : undefined;
  if (shard === undefined || !isShard(shard)) throw new BulkError('BULK_INVALID_OPTIONS', 'shard: must be K/N with 0 <= K < N, such as 0/4');
  return shard;
}

/** Whether a shard is whole numbers with 0 <= index < count. */
export function isShard(shard: BulkShard): boolean {
  return Number.isSafeInteger(shard.index) && Number.isSafeInteger(shard.count) && shard.count >= 1 && shard.index >= 0 && shard.index < shard.count;
}

/** Whether the row with 0-based `rowIndex` belongs to `shard`. */
export function inShard(rowIndex: number, shard: BulkShard): boolean {
  return rowIndex % shard.count === shard.index;
}
