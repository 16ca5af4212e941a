import type { Quoting } from '@paysign/payload-codec';
import type { CheckOptions } from '@paysign/protocol';
import { BulkError } from './bulk-errors.js';
import type { BulkUpdateOptions } from './bulk-types.js';
import { isShard, type BulkShard } from './shard.js';

/** The numeric options of a run that have defaults (the shape of {@link BULK_DEFAULTS}). */
interface BulkDefaults {
  concurrency: number;
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxAuthenticationFailures: number;
  maxUnreachableFailures: number;
  progressIntervalMs: number;
}

/**
 * The defaults of {@link bulkUpdateRecurringPayments}'s options, for a program that shows them
 * (the CLI's help takes its defaults from here): `concurrency`, `retry.attempts`,
 * `retry.baseDelayMs`, `retry.maxDelayMs`, `maxAuthenticationFailures`, `maxUnreachableFailures`,
 * `progressIntervalMs`. The per-request timeout is the client's (`DEFAULT_TIMEOUT_MS` of
 * `@paysign/gateway`) unless `timeoutMs` is given.
 *
 * @example
 * ```ts
 * import { BULK_DEFAULTS } from '@paysign/bulk';
 *
 * console.log(`--concurrency N  requests under way at once (default ${BULK_DEFAULTS.concurrency})`);
 * ```
 */
export const BULK_DEFAULTS: Readonly<BulkDefaults> = Object.freeze({
  concurrency: 4,
  attempts: 5,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  maxAuthenticationFailures: 3,
  maxUnreachableFailures: 3,
  progressIntervalMs: 1000,
});
const MAX_CONCURRENCY = 1024;

/** The options of a run, checked, with their defaults. */
export interface BulkSettings extends BulkDefaults {
  client: BulkUpdateOptions['client'];
  /** The rules every row is checked by, once, before any is sent. */
  rules: CheckOptions;
  csvQuoting: Quoting;
  shard: BulkShard;
}

/** Checks the options of a run (every problem at once) and fills in the defaults. */
export function readSettings(options: BulkUpdateOptions): BulkSettings {
  const bad: string[] = [];
  if (options === null || typeof options !== 'object') throw new BulkError('BULK_INVALID_OPTIONS', 'options must be an object');
  const { client, source } = options;
  if (typeof client?.request !== 'function') bad.push('client: must be a gateway client (createGatewayClient)');
  const csvQuoting: Quoting = options.csvQuoting ?? 'reject';
  if (csvQuoting !== 'reject' && csvQuoting !== 'rfc4180') bad.push("csvQuoting: must be 'reject' or 'rfc4180'");
  if (options.projectCurrency !== undefined && typeof options.projectCurrency !== 'string') bad.push('projectCurrency: must be a currency code such as EUR');
  if (typeof source !== 'function' && !Array.isArray(source))
    bad.push('source: must be a function returning a fresh (async) iterable of rows, or an array (the input is read twice)');
  const whole = (name: string, value: number | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    if (value === undefined) return fallback;
    if (!Number.isSafeInteger(value) || value < min || value > max) bad.push(`${name}: must be a whole number from ${min} to ${max}`);
    return value;
  };
  const concurrency = whole('concurrency', options.concurrency, BULK_DEFAULTS.concurrency, 1, MAX_CONCURRENCY);
  const attempts = whole('retry.attempts', options.retry?.attempts, BULK_DEFAULTS.attempts, 1, 100);
  const baseDelayMs = whole('retry.baseDelayMs', options.retry?.baseDelayMs, BULK_DEFAULTS.baseDelayMs, 0);
  const maxDelayMs = whole('retry.maxDelayMs', options.retry?.maxDelayMs, BULK_DEFAULTS.maxDelayMs, 0);
  const maxAuthenticationFailures = whole('maxAuthenticationFailures', options.maxAuthenticationFailures, BULK_DEFAULTS.maxAuthenticationFailures, 1);
  const maxUnreachableFailures = whole('maxUnreachableFailures', options.maxUnreachableFailures, BULK_DEFAULTS.maxUnreachableFailures, 1);
  const progressIntervalMs = whole('progressIntervalMs', options.progressIntervalMs, BULK_DEFAULTS.progressIntervalMs, 1, 2 ** 31 - 1);
  if (options.ratePerSecond !== undefined && !(Number.isFinite(options.ratePerSecond) && options.ratePerSecond > 0))
    bad.push('ratePerSecond: must be a positive number');
  if (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0))
    bad.push('timeoutMs: must be a positive number of milliseconds');
  const shard: BulkShard = options.shard ?? { index: 0, count: 1 };
  if (!isShard(shard)) bad.push('shard: index and count must be whole numbers with 0 <= index < count');
  if (bad.length > 0) throw new BulkError('BULK_INVALID_OPTIONS', `invalid bulk options:\n${bad.map((line) => `- ${line}`).join('\n')}`);
  // The rules every row is checked by, once, before any is sent.
  const rules: CheckOptions = { csvQuoting, ...(options.projectCurrency !== undefined && { projectCurrency: options.projectCurrency }) };
  return {
    client,
    rules,
    csvQuoting,
    concurrency,
    attempts,
    baseDelayMs,
    maxDelayMs,
    maxAuthenticationFailures,
    maxUnreachableFailures,
    progressIntervalMs,
    shard,
  };
}
