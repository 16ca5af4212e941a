import { GatewayValidationError } from '@paysign/gateway';
import {
  checkRecurringPaymentRows,
  formatRowIssue,
  readRowIssues,
  redactCardData,
  type CheckOptions,
  type RowIssueText,
  type ValidationIssue,
} from '@paysign/protocol';
import { BulkError } from './bulk-errors.js';
import {
  BulkUnreadableRow,
  type BulkInvalidRow,
  type BulkRecord,
  type BulkRow,
  type BulkSource,
  type BulkStopReason,
  type BulkSummary,
  type BulkUpdateOptions,
} from './bulk-types.js';
import { classifyUpdateFailure } from './classify-failure.js';
import { createMemoryJournal } from './journal.js';
import { backoffDelay, createRateLimiter, sleep } from './pacing.js';
import { ProgressTracker } from './progress-tracker.js';
import { inShard, isShard, type BulkShard } from './shard.js';

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
export const BULK_DEFAULTS: Readonly<{
  concurrency: number;
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxAuthenticationFailures: number;
  maxUnreachableFailures: number;
  progressIntervalMs: number;
}> = Object.freeze({
  concurrency: 4,
  attempts: 5,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  maxAuthenticationFailures: 3,
  maxUnreachableFailures: 3,
  progressIntervalMs: 1000,
});
const MAX_CONCURRENCY = 1024;
/** How many invalid rows the BULK_INVALID_ROWS message quotes (all are passed to onInvalidRow). */
const QUOTED_INVALID_ROWS = 10;

type Item = { rowNumber: number; row: BulkRow | BulkUnreadableRow };

/**
 * Sends many recurring-payment updates, one update-recurring-payments request per row, through
 * `client`: concurrent, rate-limited, retried, journaled and resumable.
 *
 * 1. The journal is loaded: rows with a recorded outcome are done and are not sent again.
 * 2. Validation pass: the whole input is read once and every row validated before any is sent.
 *    An invalid row refuses the run (`BulkError` `BULK_INVALID_ROWS`, nothing sent) unless
 *    `skipInvalid`, which records it as `invalid`. Only the numbers of invalid rows are kept, so
 *    the input is never held in memory; this is why `source` must be re-readable.
 * 3. Send pass: the input is read again; each row of this shard without an outcome is sent, at
 *    most `concurrency` at once and `ratePerSecond` starts per second. A failure whose outcome is
 *    unknown or that did not take (connection refused or reset, timeout, HTTP 5xx, a reply too
 *    long or unreadable) is retried with backoff and jitter: an update writes the same values
 *    again, so resending it is safe. Refusals (validation-error, error, other 4xx) are recorded
 *    and not retried. 401/403 refusals are not recorded; after `maxAuthenticationFailures` of
 *    them the run stops (`stopReason: 'authentication'`). When the gateway cannot be reached at
 *    all (connection refused, no such host, TLS refused), `maxUnreachableFailures` such failures
 *    in a row stop the run (`stopReason: 'unreachable'`, `unreachableMessage` says why); those
 *    rows are not recorded and are sent on the next run. This is for updates only: never retry
 *    a `transfer` like this.
 * 4. Each outcome is appended to the journal, and the row counts as done only once `append`
 *    resolved (the file journal fsyncs first). A run stopped at any point (abort, crash, kill -9)
 *    and started again with the same journal sends only the rows without an outcome.
 *
 * @throws {BulkError} `BULK_INVALID_OPTIONS`, `BULK_INVALID_ROWS`, `BULK_INPUT`, `BULK_JOURNAL_CORRUPT`, `BULK_JOURNAL_MISMATCH`,
 * `BULK_JOURNAL_LOCKED` (another run uses the file journal).
 * @throws {GatewayValidationError} `INVALID_OPTIONS` when the client cannot sign (the run stops).
 * @example
 * ```ts
 * import { createGatewayClient } from '@paysign/gateway';
 * import { bulkUpdateRecurringPayments } from '@paysign/bulk';
 * import { createFileJournal, csvFileRows } from '@paysign/bulk/node';
 *
 * const journal = createFileJournal('rows.journal');
 * const summary = await bulkUpdateRecurringPayments({
 *   client: createGatewayClient({ baseUrl, endpointId, login, controlKey }),
 *   source: csvFileRows('rows.csv'),
 *   journal,
 *   concurrency: 8,
 *   onProgress: (p) => console.error(`${p.done}/${p.total} ${p.ratePerSecond.toFixed(0)}/s`),
 * });
 * await journal.close();
 * console.log(summary.stopReason, summary.updated, summary.failed);
 * ```
 */
export async function bulkUpdateRecurringPayments(options: BulkUpdateOptions): Promise<BulkSummary> {
  const settings = readSettings(options);
  const { shard, client } = settings;
  const journal = options.journal ?? createMemoryJournal();
  const tracker = new ProgressTracker();
  // The client's rules: the rows are checked as the client will check them when they are sent.
  const rules: CheckOptions = { csvQuoting: client.csvQuoting, ...(client.projectCurrency !== undefined && { projectCurrency: client.projectCurrency }) };

  // 1. The journal: what earlier runs finished.
  const finished = new Map<number, string>();
  for await (const record of await journal.load()) {
    if (!inShard(record.row - 1, shard)) {
      throw new BulkError(
        'BULK_JOURNAL_MISMATCH',
        `the journal records row ${record.row}, which is not in shard ${shard.index}/${shard.count}: it belongs to another shard or run`,
      );
    }
    if (finished.has(record.row)) continue;
    finished.set(record.row, record.recurringPaymentId);
    tracker.count(record.outcome, true);
  }

  // 2. Validation pass: every row, before any is sent; only invalid row numbers are kept.
  const invalidRows = new Set<number>();
  const quoted: string[] = [];
  let invalidCount = 0;
  let rowNumber = 0;
  for await (const row of open(options.source)) {
    rowNumber++;
    // Only this shard's rows: another shard's invalid rows are that shard's to report.
    if (!inShard(rowNumber - 1, shard)) continue;
    tracker.total++;
    const recorded = finished.get(rowNumber);
    if (recorded !== undefined && !(row instanceof BulkUnreadableRow) && recorded !== shownPaymentId(row)) {
      throw new BulkError(
        'BULK_JOURNAL_MISMATCH',
        `row ${rowNumber}: the journal records another recurring-payment-id for this row: the input changed since the journal was written`,
      );
    }
    const issues = issuesOf(row, rowNumber, rules);
    if (issues.length === 0) continue;
    invalidCount++;
    if (quoted.length < QUOTED_INVALID_ROWS) quoted.push(...issues.map((issue) => formatRowIssue(issue)).slice(0, QUOTED_INVALID_ROWS - quoted.length));
    invalidRows.add(rowNumber);
    const id = row instanceof BulkUnreadableRow ? undefined : shownPaymentId(row);
    options.onInvalidRow?.({ row: rowNumber, ...(id !== undefined && id !== '' && { recurringPaymentId: id }), issues });
  }
  for (const row of finished.keys()) {
    if (row > rowNumber)
      throw new BulkError('BULK_JOURNAL_MISMATCH', `the journal records row ${row}, but the input has ${rowNumber} rows: it belongs to another input`);
  }
  if (invalidCount > 0 && !options.skipInvalid) {
    throw new BulkError(
      'BULK_INVALID_ROWS',
      `${invalidCount} row(s) of ${shard.count > 1 ? `shard ${shard.index}/${shard.count}` : 'the input'} break the gateway's rules, so nothing was sent (skip them with skipInvalid):\n` +
        quoted.map((message) => `- ${message}`).join('\n') +
        (invalidCount > QUOTED_INVALID_ROWS ? '\n- ...' : ''),
    );
  }

  // 3. Send pass.
  const stop = new AbortController();
  let stopReason: BulkStopReason | undefined;
  let fatal: { error: unknown } | undefined;
  // Failures of one kind that stop the run once `limit` of them are counted; the first one's message says why.
  const stopAfter = (limit: number, reason: BulkStopReason) => {
    let count = 0;
    let message: string | undefined;
    return {
      get message() {
        return message;
      },
      reset() {
        count = 0;
      },
      /** Counts one; true when it stopped the run. */
      count(failureMessage: string): boolean {
        message ??= failureMessage;
        if (++count < limit) return false;
        stopReason ??= reason;
        stop.abort();
        return true;
      },
    };
  };
  const authentication = stopAfter(settings.maxAuthenticationFailures, 'authentication');
  // In a row: a reply of any kind resets it.
  const unreachable = stopAfter(settings.maxUnreachableFailures, 'unreachable');
  const onAbort = () => {
    stopReason ??= 'aborted';
    stop.abort();
  };
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const limiter = createRateLimiter(options.ratePerSecond);
  const random = options.random ?? Math.random;
  const report = () => options.onProgress?.(tracker.snapshot());
  const timer = options.onProgress === undefined ? undefined : setInterval(report, settings.progressIntervalMs);
  (timer as { unref?: () => void } | undefined)?.unref?.();

  async function record(entry: BulkRecord): Promise<void> {
    try {
      await journal.append(entry);
    } catch (error) {
      fatal ??= { error };
      stop.abort();
      return;
    }
    tracker.count(entry.outcome, false);
    options.onRecord?.(entry);
  }

  // Waits before attempt + 1; false when the run stopped meanwhile.
  async function backOff(attempt: number): Promise<boolean> {
    tracker.retries++;
    try {
      await sleep(backoffDelay(attempt, settings.baseDelayMs, settings.maxDelayMs, random), stop.signal);
      return true;
    } catch {
      return false;
    }
  }

  async function send(rowNumber: number, row: BulkRow): Promise<BulkRecord | undefined> {
    const base = { row: rowNumber, recurringPaymentId: shownPaymentId(row) };
    for (let attempt = 1; ; attempt++) {
      try {
        await limiter.take(stop.signal);
      } catch {
        return undefined;
      }
      tracker.sending();
      try {
        const result = await client.updateRecurringPaymentRows([row], {
          signal: stop.signal,
          ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
        });
        unreachable.reset();
        return { ...base, outcome: 'updated', ...(result.serialNumber !== undefined && { serialNumber: result.serialNumber }) };
      } catch (error) {
        if (stop.signal.aborted) return undefined;
        const failure = classifyUpdateFailure(error);
        if (failure.kind !== 'unreachable') unreachable.reset();
        const said = {
          errorCode: failure.code,
          errorMessage: describeFailure(error, failure.message, rowNumber),
          ...(failure.serialNumber !== undefined && { serialNumber: failure.serialNumber }),
        };
        switch (failure.kind) {
          case 'aborted':
            return undefined;
          case 'authentication':
            authentication.count(failure.message);
            return undefined;
          case 'unreachable':
            // No connection at all (refused, no such host, TLS refused): retrying a million rows
            // for minutes says nothing more. The row is not recorded: the next run sends it.
            if (unreachable.count(failure.message)) return undefined;
            if (attempt >= settings.attempts) return { ...base, outcome: 'failed', ...said };
            if (!(await backOff(attempt))) return undefined;
            break;
          case 'fatal':
            fatal ??= { error };
            stop.abort();
            return undefined;
          case 'invalid':
            return { ...base, outcome: 'invalid', ...said };
          case 'refused':
            return { ...base, outcome: 'refused', ...said };
          case 'retry':
            if (attempt >= settings.attempts) return { ...base, outcome: 'failed', ...said };
            if (!(await backOff(attempt))) return undefined;
        }
      }
    }
  }

  const source = open(options.source)[Symbol.asyncIterator]();
  let index = 0;
  let pulling: Promise<Item | undefined> = Promise.resolve(undefined);
  const pull = async (): Promise<Item | undefined> => {
    for (;;) {
      if (stop.signal.aborted) return undefined;
      const next = await source.next();
      if (next.done) return undefined;
      const rowNumber = ++index;
      if (inShard(rowNumber - 1, shard) && !finished.has(rowNumber)) return { rowNumber, row: next.value };
    }
  };
  // One pull at a time, in order, whichever worker asks.
  const take = (): Promise<Item | undefined> => (pulling = pulling.then(pull, pull));

  async function worker(): Promise<void> {
    for (;;) {
      const item = await take();
      if (item === undefined) return;
      if (invalidRows.has(item.rowNumber)) {
        const issues = issuesOf(item.row, item.rowNumber, rules);
        const id = item.row instanceof BulkUnreadableRow ? '' : shownPaymentId(item.row);
        await record(invalidRowRecord({ row: item.rowNumber, ...(id !== '' && { recurringPaymentId: id }), issues }));
        continue;
      }
      tracker.inFlight++;
      let entry: BulkRecord | undefined;
      try {
        entry = await send(item.rowNumber, item.row as BulkRow);
      } finally {
        tracker.inFlight--;
      }
      if (entry !== undefined) await record(entry);
    }
  }

  try {
    const workers = Array.from({ length: settings.concurrency }, worker);
    const results = await Promise.allSettled(workers);
    for (const result of results) if (result.status === 'rejected') fatal ??= { error: result.reason };
  } finally {
    if (timer !== undefined) clearInterval(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (stop.signal.aborted) await source.return?.(undefined);
  }
  if (fatal !== undefined) throw fatal.error;
  report();
  const progress = tracker.snapshot();
  const notDone = Math.max(0, progress.total - progress.done);
  return {
    ...progress,
    stopReason: notDone === 0 ? 'completed' : (stopReason ?? 'aborted'),
    notDone,
    ...(authentication.message !== undefined && notDone > 0 && { authenticationMessage: authentication.message }),
    ...(unreachable.message !== undefined && stopReason === 'unreachable' && notDone > 0 && { unreachableMessage: unreachable.message }),
  };
}

// Each issue's `row` is the row's 0-based index in the input, so that formatRowIssue names it by its number.
function issuesOf(row: BulkRow | BulkUnreadableRow, rowNumber: number, rules: CheckOptions): readonly ValidationIssue[] {
  if (row instanceof BulkUnreadableRow) return row.issues.map((issue) => ({ ...issue, row: rowNumber - 1 }));
  return checkRecurringPaymentRows([row], rules).map((issue) => ({ ...issue, row: rowNumber - 1 }));
}

/**
 * What was said about a row sent alone, with the row named by its number in the input: the
 * client's refusal from its issues; the gateway's when it is in the protocol's `row N, field:
 * message` form (its row 1 is this row), else as it said it.
 */
function describeFailure(error: unknown, message: string, rowNumber: number): string {
  if (error instanceof GatewayValidationError) return rowMessage(error.issues, rowNumber);
  const issues = readRowIssues(message);
  return issues?.every((issue) => issue.row === 0) ? rowMessage(issues, rowNumber) : message;
}

/** The row's issues as one line of the results: `row 7, client-orderid: is required; row 7, ...`. */
function rowMessage(issues: readonly RowIssueText[], rowNumber: number): string {
  return redactCardData(issues.map((issue) => formatRowIssue(issue, rowNumber)).join('; '));
}

/**
 * The results record of an invalid row (outcome `invalid`): the first issue's rule as the code,
 * every issue as `row N, field: message`, joined by `; `. What a run records for a row it skips
 * (`skipInvalid`), and what a caller writes for the rows of a refused run (`onInvalidRow`).
 *
 * @example
 * ```ts
 * import { invalidRowRecord, type BulkInvalidRow } from '@paysign/bulk';
 *
 * const invalid: BulkInvalidRow[] = [];
 * await bulkUpdateRecurringPayments({ client, source, onInvalidRow: (row) => invalid.push(row) }).catch(() => {});
 * const lines = invalid.map(invalidRowRecord).map(formatResultLine);
 * ```
 */
export function invalidRowRecord(invalid: BulkInvalidRow): BulkRecord {
  const { row, issues } = invalid;
  return {
    row,
    recurringPaymentId: invalid.recurringPaymentId ?? '',
    outcome: 'invalid',
    errorCode: issues[0]?.rule ?? 'invalid',
    errorMessage: rowMessage(issues, row),
  };
}

/** The row's recurring-payment-id as it may be shown and stored: card-number-like digits masked. */
function shownPaymentId(row: BulkRow): string {
  const id = row['recurring-payment-id'];
  return typeof id === 'string' ? redactCardData(id) : '';
}

async function* open(source: BulkSource): AsyncGenerator<BulkRow | BulkUnreadableRow> {
  const rows = typeof source === 'function' ? source() : source;
  yield* rows as AsyncIterable<BulkRow | BulkUnreadableRow>;
}

function readSettings(options: BulkUpdateOptions) {
  const bad: string[] = [];
  if (options === null || typeof options !== 'object') throw new BulkError('BULK_INVALID_OPTIONS', 'options must be an object');
  const { client, source } = options;
  if (typeof client?.updateRecurringPaymentRows !== 'function') bad.push('client: must be a gateway client (createGatewayClient)');
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
  return { client, concurrency, attempts, baseDelayMs, maxDelayMs, maxAuthenticationFailures, maxUnreachableFailures, progressIntervalMs, shard };
}
