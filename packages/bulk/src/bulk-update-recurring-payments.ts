import { recurringPaymentPayload } from '@paysign/protocol/wire';
import { GatewayValidationError, formatRowIssue } from '@paysign/protocol';
import { BulkError } from './bulk-errors.js';
import { readSettings, type BulkSettings } from './bulk-settings.js';
import {
  BulkUnreadableRow,
  type BulkRecord,
  type BulkRow,
  type BulkSource,
  type BulkStopReason,
  type BulkSummary,
  type BulkUpdateOptions,
} from './bulk-types.js';
import { classifyUpdateFailure } from './classify-failure.js';
import { createMemoryJournal, type BulkJournal } from './journal.js';
import { retryDelayMs } from '@paysign/protocol';
import { createRateLimiter, sleep } from './pacing.js';
import { ProgressTracker } from './progress-tracker.js';
import { invalidRowRecord, issuesOf, rowMessage, shownPaymentId } from './row-records.js';
import { inShard } from './shard.js';

export { BULK_DEFAULTS } from './bulk-settings.js';

/** How many invalid rows the BULK_INVALID_ROWS message quotes (all are passed to onInvalidRow). */
const QUOTED_INVALID_ROWS = 10;

/**
 * Sends many recurring-payment updates, one update-recurring-payments request per row, through
 * `client`: concurrent, rate-limited, retried, journaled and resumable.
 *
 * 1. The journal is loaded: rows with a recorded outcome are done and are not sent again.
 * 2. Validation pass: the whole input is read once and every row checked, once, by
 *    `@paysign/protocol`'s check of update-recurring-payments rows (with `projectCurrency` and
 *    `csvQuoting`), before any is sent. An invalid row refuses the run (`BulkError`
 *    `BULK_INVALID_ROWS`, nothing sent) unless `skipInvalid`, which records it as `invalid` then
 *    and there. No row is kept, so the input is never held in memory; this is why `source` must
 *    be re-readable.
 * 3. Send pass: the input is read again; each row of this shard without an outcome is written as
 *    its `payload` once and sent with `client.request('update-recurring-payments', { payload })`
 *    (the client checks nothing again), at most `concurrency` at once and `ratePerSecond` starts
 *    per second. A failure whose outcome is
 *    unknown or that did not take (connection refused or reset, timeout, HTTP 5xx, a reply too
 *    long or unreadable) is retried with backoff and jitter: an update writes the same values
 *    again, so resending it is safe. Refusals (validation-error, error, other 4xx) are recorded
 *    and not retried. 401/403 refusals are not recorded; after `maxAuthenticationFailures` of
 *    them the run stops (`stopReason: 'authentication'`). When the gateway cannot be reached at
 *    all (connection refused, no such host, TLS refused), `maxUnreachableFailures` such failures
 *    in a row stop the run (`stopReason: 'unreachable'`, `unreachableMessage` says why); those
 *    rows are not recorded and are sent on the next run. This is for updates only: never retry
 *    a `transfer` like this. A refusal's message is the gateway's words as it said them (masked):
 *    the request held this row alone, so the gateway's "row 1" is this row.
 * 4. Each outcome is appended to the journal, and the row counts as done only once `append`
 *    resolved (the file journal fsyncs first). A run stopped at any point (abort, crash, kill -9)
 *    and started again with the same journal sends only the rows without an outcome.
 * 5. The summary: the counts, why the run stopped, and what is not done.
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
 *   client: createGatewayClient({ baseUrl, endpointId, login, privateKey }),
 *   projectCurrency: 'EUR',
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
  const run = startRun(options);
  const finished = await loadJournal(run);
  await validateInput(run, finished);
  await sendRows(run, finished);
  return summarize(run);
}

/** What the steps of one run share: its settings, journal and counts, and what stops it. */
interface Run {
  readonly options: BulkUpdateOptions;
  readonly settings: BulkSettings;
  readonly journal: BulkJournal;
  readonly tracker: ProgressTracker;
  /** Aborted when the run stops: the caller's signal, a stop rule, a fatal error. */
  readonly stop: AbortController;
  stopReason: BulkStopReason | undefined;
  fatal: { error: unknown } | undefined;
  readonly authentication: StopRule;
  readonly unreachable: StopRule;
}

/** Failures of one kind that stop the run once `limit` of them are counted; the first one's message says why. */
interface StopRule {
  readonly message: string | undefined;
  reset(): void;
  /** Counts one; true when it stopped the run. */
  count(failureMessage: string): boolean;
}

function startRun(options: BulkUpdateOptions): Run {
  const settings = readSettings(options);
  const run: Run = {
    options,
    settings,
    journal: options.journal ?? createMemoryJournal(),
    tracker: new ProgressTracker(),
    stop: new AbortController(),
    stopReason: undefined,
    fatal: undefined,
    authentication: stopRule(() => run, settings.maxAuthenticationFailures, 'authentication'),
    // In a row: a reply of any kind resets it.
    unreachable: stopRule(() => run, settings.maxUnreachableFailures, 'unreachable'),
  };
  return run;
}

function stopRule(of: () => Run, limit: number, reason: BulkStopReason): StopRule {
  let count = 0;
  let message: string | undefined;
  return {
    get message() {
      return message;
    },
    reset() {
      count = 0;
    },
    count(failureMessage) {
      message ??= failureMessage;
      if (++count < limit) return false;
      const run = of();
      run.stopReason ??= reason;
      run.stop.abort();
      return true;
    },
  };
}

// 1. The journal: what earlier runs finished, by row number (the recurring-payment-id it recorded).
async function loadJournal(run: Run): Promise<Map<number, string>> {
  const { shard } = run.settings;
  const finished = new Map<number, string>();
  for await (const record of await run.journal.load()) {
    if (!inShard(record.row - 1, shard)) {
      throw new BulkError(
        'BULK_JOURNAL_MISMATCH',
        `the journal records row ${record.row}, which is not in shard ${shard.index}/${shard.count}: it belongs to another shard or run`,
      );
    }
    if (finished.has(record.row)) continue;
    finished.set(record.row, record.recurringPaymentId);
    run.tracker.count(record.outcome, true);
  }
  return finished;
}

// 2. Validation pass: every row of this shard checked once, before any is sent. With skipInvalid,
// an invalid row is recorded now (and so is finished); without it, the run is refused.
async function validateInput(run: Run, finished: Map<number, string>): Promise<void> {
  const { options, settings, tracker } = run;
  const quoted: string[] = [];
  let invalidCount = 0;
  let rowNumber = 0;
  for await (const row of open(options.source)) {
    rowNumber++;
    // Only this shard's rows: another shard's invalid rows are that shard's to report.
    if (!inShard(rowNumber - 1, settings.shard)) continue;
    tracker.total++;
    const recorded = finished.get(rowNumber);
    if (recorded !== undefined && !(row instanceof BulkUnreadableRow) && recorded !== shownPaymentId(row)) {
      throw new BulkError(
        'BULK_JOURNAL_MISMATCH',
        `row ${rowNumber}: the journal records another recurring-payment-id for this row: the input changed since the journal was written`,
      );
    }
    const issues = issuesOf(row, rowNumber, settings.rules);
    if (issues.length === 0) continue;
    invalidCount++;
    if (quoted.length < QUOTED_INVALID_ROWS) quoted.push(...issues.map((issue) => formatRowIssue(issue)).slice(0, QUOTED_INVALID_ROWS - quoted.length));
    const id = shownPaymentId(row);
    const invalid = { row: rowNumber, ...(id !== '' && { recurringPaymentId: id }), issues };
    options.onInvalidRow?.(invalid);
    if (options.skipInvalid && recorded === undefined) {
      await record(run, invalidRowRecord(invalid));
      if (run.fatal !== undefined) throw run.fatal.error;
      finished.set(rowNumber, id);
    }
  }
  for (const row of finished.keys()) {
    if (row > rowNumber)
      throw new BulkError('BULK_JOURNAL_MISMATCH', `the journal records row ${row}, but the input has ${rowNumber} rows: it belongs to another input`);
  }
  if (invalidCount > 0 && !options.skipInvalid) {
    const { shard } = settings;
    throw new BulkError(
      'BULK_INVALID_ROWS',
      `${invalidCount} row(s) of ${shard.count > 1 ? `shard ${shard.index}/${shard.count}` : 'the input'} break the gateway's rules, so nothing was sent (skip them with skipInvalid):\n` +
        quoted.map((message) => `- ${message}`).join('\n') +
        (invalidCount > QUOTED_INVALID_ROWS ? '\n- ...' : ''),
    );
  }
}

// 3. Send pass: the input read again, each unfinished row of this shard sent by one of
// `concurrency` workers, in order; the run's signal, timer and input closed at the end.
async function sendRows(run: Run, finished: ReadonlyMap<number, string>): Promise<void> {
  const { options, settings, stop } = run;
  const onAbort = () => {
    run.stopReason ??= 'aborted';
    stop.abort();
  };
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = options.onProgress === undefined ? undefined : setInterval(() => report(run), settings.progressIntervalMs);
  (timer as { unref?: () => void } | undefined)?.unref?.();
  const limiter = createRateLimiter(options.ratePerSecond);

  const source = open(options.source)[Symbol.asyncIterator]();
  let index = 0;
  let pulling: Promise<{ rowNumber: number; row: BulkRow } | undefined> = Promise.resolve(undefined);
  const pull = async () => {
    for (;;) {
      if (stop.signal.aborted) return undefined;
      const next = await source.next();
      if (next.done) return undefined;
      const rowNumber = ++index;
      // Invalid rows were recorded by the validation pass (skipInvalid) or refused the run: only valid rows are left.
      if (inShard(rowNumber - 1, settings.shard) && !finished.has(rowNumber)) return { rowNumber, row: next.value as BulkRow };
    }
  };
  // One pull at a time, in order, whichever worker asks.
  const take = () => (pulling = pulling.then(pull, pull));
  const outcomes = recordInGroups(run);
  // A worker sends its next row while the journal writes its last outcome; it waits for that
  // outcome's append before it gives the next one, so at most one per worker is not yet durable.
  async function worker(): Promise<void> {
    let recording: Promise<void> = Promise.resolve();
    try {
      for (let item = await take(); item !== undefined; item = await take()) {
        run.tracker.inFlight++;
        let entry: BulkRecord | undefined;
        try {
          entry = await sendRow(run, limiter, item.rowNumber, item.row);
        } finally {
          run.tracker.inFlight--;
        }
        await recording;
        if (entry !== undefined) recording = outcomes.record(entry);
      }
    } finally {
      outcomes.release();
      await recording;
    }
  }

  try {
    const results = await Promise.allSettled(Array.from({ length: settings.concurrency }, worker));
    for (const result of results) if (result.status === 'rejected') run.fatal ??= { error: result.reason };
  } finally {
    if (timer !== undefined) clearInterval(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (stop.signal.aborted) await source.return?.(undefined);
  }
  if (run.fatal !== undefined) throw run.fatal.error;
}

// One row: its payload written once, then sent until it has an outcome, the run stops, or the
// attempts are spent. `undefined`: no outcome to record (aborted, stopped, 401/403, unreachable).
async function sendRow(run: Run, limiter: ReturnType<typeof createRateLimiter>, rowNumber: number, row: BulkRow): Promise<BulkRecord | undefined> {
  const { settings, stop, options } = run;
  const base = { row: rowNumber, recurringPaymentId: shownPaymentId(row) };
  let payload: string;
  try {
    payload = recurringPaymentPayload([row], { csvQuoting: settings.csvQuoting });
  } catch (error) {
    // The check found every cell the CSV cannot carry; the encoder's refusal is the same rule's last word.
    if (error instanceof GatewayValidationError)
      return { ...base, outcome: 'invalid', errorCode: error.issues[0]?.rule ?? error.code, errorMessage: rowMessage(rowIssues(error, rowNumber), rowNumber) };
    throw error;
  }
  const call = { signal: stop.signal, ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }) };
  for (let attempt = 1; ; attempt++) {
    try {
      await limiter.take(stop.signal);
    } catch {
      return undefined;
    }
    run.tracker.sending();
    try {
      const result = await settings.client.request('update-recurring-payments', { payload }, call);
      run.unreachable.reset();
      return { ...base, outcome: 'updated', ...(result.serialNumber !== undefined && { serialNumber: result.serialNumber }) };
    } catch (error) {
      if (stop.signal.aborted) return undefined;
      const failure = classifyUpdateFailure(error);
      if (failure.kind !== 'unreachable') run.unreachable.reset();
      const said = {
        errorCode: failure.code,
        // The client's own refusal from its issues; the gateway's in its own words.
        errorMessage: error instanceof GatewayValidationError ? rowMessage(rowIssues(error, rowNumber), rowNumber) : failure.message,
        ...(failure.serialNumber !== undefined && { serialNumber: failure.serialNumber }),
      };
      switch (failure.kind) {
        case 'aborted':
          return undefined;
        case 'authentication':
          run.authentication.count(failure.message);
          return undefined;
        case 'unreachable':
          // No connection at all (refused, no such host, TLS refused): retrying a million rows
          // for minutes says nothing more. The row is not recorded: the next run sends it.
          if (run.unreachable.count(failure.message)) return undefined;
          if (attempt >= settings.attempts) return { ...base, outcome: 'failed', ...said };
          if (!(await backOff(run, attempt))) return undefined;
          break;
        case 'fatal':
          run.fatal ??= { error };
          stop.abort();
          return undefined;
        case 'invalid':
          return { ...base, outcome: 'invalid', ...said };
        case 'refused':
          return { ...base, outcome: 'refused', ...said };
        case 'retry':
          if (attempt >= settings.attempts) return { ...base, outcome: 'failed', ...said };
          if (!(await backOff(run, attempt))) return undefined;
      }
    }
  }
}

// A client refusal's issues, named as this row (a request holds this row alone: its row 0).
function rowIssues(error: GatewayValidationError, rowNumber: number) {
  return error.issues.map((issue) => ({ ...issue, row: rowNumber - 1 }));
}

// Waits before attempt + 1; false when the run stopped meanwhile.
async function backOff(run: Run, attempt: number): Promise<boolean> {
  run.tracker.retries++;
  try {
    await sleep(retryDelayMs(attempt, run.settings.baseDelayMs, run.settings.maxDelayMs, run.options.random ?? Math.random), run.stop.signal);
    return true;
  } catch {
    return false;
  }
}

/** The longest an outcome is held for others to join it, in milliseconds (see recordInGroups). */
const GROUP_HOLD_MS = 25;

/**
 * 4. The send pass's outcomes, appended in groups: an outcome is held while other rows are in
 * flight, until `concurrency` are held, no row is in flight, or {@link GROUP_HOLD_MS} passed,
 * then the held ones are appended together, which a journal that commits in groups (the file
 * journal) writes and syncs at once: one write per group, not per row. A row counts as done only
 * once its own append resolved, as ever.
 */
function recordInGroups(run: Run): { record(entry: BulkRecord): Promise<void>; release(): void } {
  let held: { entry: BulkRecord; resolve: () => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const group = held;
    held = [];
    for (const { entry, resolve } of group) void record(run, entry).then(resolve);
  };
  return {
    record(entry) {
      return new Promise<void>((resolve) => {
        held.push({ entry, resolve });
        if (held.length >= run.settings.concurrency || run.tracker.inFlight === 0) release();
        else timer ??= setTimeout(release, GROUP_HOLD_MS);
      });
    },
    release,
  };
}

// An outcome appended to the journal; the row counts as done only once `append` resolved.
async function record(run: Run, entry: BulkRecord): Promise<void> {
  try {
    await run.journal.append(entry);
  } catch (error) {
    run.fatal ??= { error };
    run.stop.abort();
    return;
  }
  run.tracker.count(entry.outcome, false);
  // The caller's own callback: what it throws stops the run and is thrown by it, as a journal's failure.
  try {
    run.options.onRecord?.(entry);
  } catch (error) {
    run.fatal ??= { error };
    run.stop.abort();
  }
}

// 5. The summary.
function summarize(run: Run): BulkSummary {
  report(run);
  const progress = run.tracker.snapshot();
  const notDone = Math.max(0, progress.total - progress.done);
  const { authentication, unreachable, stopReason } = run;
  return {
    ...progress,
    stopReason: notDone === 0 ? 'completed' : (stopReason ?? 'aborted'),
    notDone,
    ...(authentication.message !== undefined && notDone > 0 && { authenticationMessage: authentication.message }),
    ...(unreachable.message !== undefined && stopReason === 'unreachable' && notDone > 0 && { unreachableMessage: unreachable.message }),
  };
}

function report(run: Run): void {
  run.options.onProgress?.(run.tracker.snapshot());
}

async function* open(source: BulkSource): AsyncGenerator<BulkRow | BulkUnreadableRow> {
  const rows = typeof source === 'function' ? source() : source;
  yield* rows as AsyncIterable<BulkRow | BulkUnreadableRow>;
}
