import type { GatewayClient } from '@paysign/gateway';
import type { Quoting } from '@paysign/payload-codec';
import type { ValidationIssue } from '@paysign/protocol';
import type { BulkJournal } from './journal.js';

/**
 * One input row: a CSV row of update-recurring-payments, keyed by wire names, values as text.
 *
 * @example
 * ```ts
 * import type { BulkRow } from '@paysign/bulk';
 *
 * // wire names as keys, values as text, as in the CSV
 * const row: BulkRow = { 'client-orderid': 'order-1', 'recurring-payment-id': '7701', amount: '10.42' };
 * ```
 */
export type BulkRow = Readonly<Record<string, string>>;

/**
 * An input row that could not be read (a ragged CSV line, a bad quote): it counts as a row, is
 * invalid, and carries the issues that say why (row number, column or field position, rule).
 *
 * @example
 * ```ts
 * import { BulkUnreadableRow, type BulkSource } from '@paysign/bulk';
 *
 * // A source of its own reports a line it cannot read as an invalid row, not as an exception.
 * const source: BulkSource = () =>
 *   lines.map((line: string, i: number) =>
 *     line.includes('\0')
 *       ? new BulkUnreadableRow([{ field: 'order_desc', rule: 'csv-character', row: i, message: 'holds a NUL character' }])
 *       : toRow(line),
 *   );
 * ```
 */
export class BulkUnreadableRow {
  readonly issues: readonly ValidationIssue[];
  constructor(issues: readonly ValidationIssue[]) {
    this.issues = issues;
  }
}

/**
 * Where the rows come from. A factory returning a fresh (async) iterable each time it is called,
 * or an array: the input is read twice, once to validate every row before any is sent, once to
 * send, so that a million rows never have to sit in memory. `csvFileRows(path)` of
 * `@paysign/bulk/node` makes one from a CSV file.
 *
 * @example
 * ```ts
 * import type { BulkSource } from '@paysign/bulk';
 * import { csvFileRows } from '@paysign/bulk/node';
 *
 * const fromFile: BulkSource = csvFileRows('rows.csv'); // re-readable: a new iterable per call
 * const inMemory: BulkSource = [{ 'client-orderid': 'order-1', 'recurring-payment-id': '7701', amount: '10.42' }];
 * ```
 */
export type BulkSource = (() => AsyncIterable<BulkRow | BulkUnreadableRow> | Iterable<BulkRow | BulkUnreadableRow>) | readonly BulkRow[];

/**
 * The final outcome of one row.
 *
 * @example
 * ```ts
 * import type { BulkOutcome } from '@paysign/bulk';
 *
 * const final: BulkOutcome[] = ['updated', 'refused', 'invalid'];
 * await bulkUpdateRecurringPayments({ client, source, onRecord: (record) => final.includes(record.outcome) || console.warn(`row ${record.row} failed`) });
 * ```
 */
export type BulkOutcome =
  | 'updated' // the gateway accepted the update
  | 'refused' // the gateway refused it (validation-error, error, another 4xx): not retried
  | 'invalid' // it broke a rule of the spec and was skipped (skipInvalid): never sent
  | 'failed'; // every attempt ended without an answer or with a 5xx / unreadable reply

/**
 * The outcomes in the one order every report uses: the progress lines, the summary, the results
 * file's `outcome` column and the journal say these words and no others.
 *
 * @example
 * ```ts
 * import { BULK_OUTCOMES } from '@paysign/bulk';
 *
 * const line = BULK_OUTCOMES.map((outcome) => `${summary[outcome]} ${outcome}`).join(', '); // '7 updated, 2 refused, 0 invalid, 1 failed'
 * ```
 */
export const BULK_OUTCOMES: readonly BulkOutcome[] = Object.freeze(['updated', 'refused', 'invalid', 'failed'] as const);

/**
 * What the journal keeps of a row: no card data (the id and the message are masked).
 *
 * @example
 * ```ts
 * import { formatResultLine, type BulkRecord } from '@paysign/bulk';
 *
 * const records: BulkRecord[] = [];
 * await bulkUpdateRecurringPayments({ client, source, onRecord: (record) => records.push(record) });
 * console.log(records.map(formatResultLine).join(''));
 * ```
 */
export interface BulkRecord {
  /** The row's number in the input: 1 for the first data row. */
  row: number;
  /** `recurring-payment-id` of the row, card-number-like digits masked. */
  recurringPaymentId: string;
  outcome: BulkOutcome;
  /** `serial-number` of the reply, when there was one. */
  serialNumber?: string;
  /** The gateway's `error-code`, this library's error code, or the validation rule. */
  errorCode?: string;
  /** The gateway's `error-message` or ours, card data masked. */
  errorMessage?: string;
}

/**
 * A snapshot of a run, as `onProgress` receives it.
 *
 * @example
 * ```ts
 * import type { BulkProgress } from '@paysign/bulk';
 *
 * const show = (p: BulkProgress) => console.error(`${p.done}/${p.total}: ${p.updated} updated, ${p.failed} failed`);
 * await bulkUpdateRecurringPayments({ client, source, onProgress: show });
 * ```
 */
export interface BulkProgress {
  /** Rows of this shard in the input (known after the validation pass). */
  total: number;
  /** Rows with a final outcome, including those finished by an earlier run (in the journal). */
  done: number;
  /** Rows found finished in the journal when the run started. */
  resumed: number;
  updated: number;
  refused: number;
  invalid: number;
  failed: number;
  /** Requests under way now (including rows waiting for a retry). */
  inFlight: number;
  /** Retries sent so far in this run. */
  retries: number;
  /** Rows finished per second in this run, since its first request. */
  ratePerSecond: number;
  /** Seconds until every row is done at the current rate; `undefined` before the first row finishes. */
  etaSeconds: number | undefined;
  /** Milliseconds since the run started. */
  elapsedMs: number;
}

/**
 * Why a run ended.
 *
 * @example
 * ```ts
 * import type { BulkStopReason } from '@paysign/bulk';
 *
 * const { stopReason } = await bulkUpdateRecurringPayments({ client, source, journal });
 * const resume: BulkStopReason[] = ['aborted'];
 * if (resume.includes(stopReason)) console.error('run again with the same journal to send the rest');
 * ```
 */
export type BulkStopReason =
  | 'completed' // every row of the shard has an outcome
  | 'aborted' // the caller's signal fired: rows in flight were abandoned, not journaled, and are sent again on the next run
  | 'authentication' // maxAuthenticationFailures 401/403 refusals: the signature setup is wrong; nothing more was sent
  | 'unreachable'; // maxUnreachableFailures requests in a row found no gateway (connection refused, no such host, TLS refused); nothing more was sent

/**
 * The end of a run: the counts of {@link BulkProgress} and why it ended.
 *
 * @example
 * ```ts
 * import type { BulkSummary } from '@paysign/bulk';
 *
 * const summary: BulkSummary = await bulkUpdateRecurringPayments({ client, source, journal });
 * if (summary.stopReason === 'authentication') console.error(summary.authenticationMessage);
 * else console.log(`${summary.updated} updated, ${summary.notDone} not done`);
 * ```
 */
export interface BulkSummary extends BulkProgress {
  stopReason: BulkStopReason;
  /** Rows of the shard without an outcome (stopped before they were sent, or abandoned in flight). */
  notDone: number;
  /** With stopReason `authentication`: what the gateway's refusal said (and how to debug it). */
  authenticationMessage?: string;
  /** With stopReason `unreachable`: why the gateway could not be reached (`ECONNREFUSED 127.0.0.1:8443`, `ENOTFOUND`, a TLS error code). */
  unreachableMessage?: string;
}

/**
 * A row refused by validation, as `onInvalidRow` receives it.
 *
 * @example
 * ```ts
 * import type { BulkInvalidRow } from '@paysign/bulk';
 *
 * const report = (invalid: BulkInvalidRow) =>
 *   console.error(`row ${invalid.row}: ${invalid.issues.map((issue) => `${issue.field} ${issue.rule}`).join(', ')}`);
 * await bulkUpdateRecurringPayments({ client, source, skipInvalid: true, onInvalidRow: report });
 * ```
 */
export interface BulkInvalidRow {
  /** The row's number in the input: 1 for the first data row. */
  row: number;
  /** `recurring-payment-id`, masked like any card number, or `undefined` when the row has none. */
  recurringPaymentId?: string;
  /** Every broken rule: field (wire name), rule, message (values masked). */
  issues: readonly ValidationIssue[];
}

/**
 * Retries of updates whose outcome is unknown or that did not take.
 *
 * @example
 * ```ts
 * import type { BulkRetryOptions } from '@paysign/bulk';
 *
 * const retry: BulkRetryOptions = { attempts: 8, baseDelayMs: 500, maxDelayMs: 30_000 };
 * await bulkUpdateRecurringPayments({ client, source, retry });
 * ```
 */
export interface BulkRetryOptions {
  /** Attempts per row, the first included. Default 5. */
  attempts?: number;
  /** The backoff before retry n is a random delay in [0, min(maxDelayMs, baseDelayMs * 2^(n-1))] ("full jitter"). Default 200. */
  baseDelayMs?: number;
  /** Default 10,000. */
  maxDelayMs?: number;
}

/**
 * How a bulk run works. Only `client` and `source` are required.
 *
 * @example
 * ```ts
 * import { bulkUpdateRecurringPayments, type BulkUpdateOptions } from '@paysign/bulk';
 * import { createFileJournal, csvFileRows } from '@paysign/bulk/node';
 *
 * const options: BulkUpdateOptions = {
 *   client,
 *   source: csvFileRows('rows.csv'),
 *   journal: createFileJournal('rows.journal'),
 *   concurrency: 8,
 *   ratePerSecond: 50,
 *   shard: { index: 0, count: 2 },
 * };
 * await bulkUpdateRecurringPayments(options);
 * ```
 */
export interface BulkUpdateOptions {
  /**
   * The client that sends each row (its credentials, base URL, timeout, reply cap), with
   * `client.request('update-recurring-payments', { payload })`: the rows are checked here, once,
   * and the client sends them as they are.
   */
  client: Pick<GatewayClient, 'request'>;
  /** The project currency every row's `currency` must equal (rule 7). Default: not checked. */
  projectCurrency?: string;
  /** CSV cells holding `;`, `"`, CR or LF: `'reject'` (default: such a row is invalid) or `'rfc4180'` (quoted). */
  csvQuoting?: Quoting;
  /** The rows: a factory of (async) iterables, read twice, or an array. */
  source: BulkSource;
  /** Requests under way at once. Default 4 (`BULK_DEFAULTS.concurrency`); at most 1,024. */
  concurrency?: number;
  /** At most this many requests (retries included) start per second. Default: no limit. */
  ratePerSecond?: number;
  /** Stops the run: rows in flight are abandoned (not journaled: sent again on the next run). */
  signal?: AbortSignal;
  /** Retries; see {@link BulkRetryOptions}. */
  retry?: BulkRetryOptions;
  /** Where each row's outcome is recorded durably; default: a journal in memory (nothing survives the process). */
  journal?: BulkJournal;
  /** Skip invalid rows (recorded as `invalid`) instead of refusing the whole run. Default false. */
  skipInvalid?: boolean;
  /** This process takes the rows whose 0-based index is `index` modulo `count`. Default `{ index: 0, count: 1 }`. */
  shard?: { index: number; count: number };
  /** After this many authentication refusals (HTTP 401/403), the run stops. Default 3. */
  maxAuthenticationFailures?: number;
  /**
   * After this many requests in a row that found no gateway at all (connection refused, no such
   * host, TLS refused), the run stops: `stopReason: 'unreachable'`. Default 3.
   */
  maxUnreachableFailures?: number;
  /** Per-request timeout, overriding the client's. */
  timeoutMs?: number;
  /** Called every `progressIntervalMs` and once at the end. */
  onProgress?: (progress: BulkProgress) => void;
  /** Default 1,000 ms. */
  progressIntervalMs?: number;
  /** Called for each invalid row of this shard, in the validation pass. */
  onInvalidRow?: (row: BulkInvalidRow) => void;
  /** Called with each outcome as soon as it is journaled. */
  onRecord?: (record: BulkRecord) => void;
  /** The random numbers of the backoff jitter, in [0, 1). Default `Math.random`. */
  random?: () => number;
}
