import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  BULK_DEFAULTS,
  BULK_OUTCOMES,
  BulkError,
  bulkUpdateRecurringPayments,
  createMemoryJournal,
  invalidRowRecord,
  parseShard,
  readJournalText,
  type BulkInvalidRow,
  type BulkJournal,
  type BulkProgress,
  type BulkRecord,
  type BulkSummary,
} from '@paysign/bulk';
import { createFileJournal, csvFileRows, openResultsFile, type CsvFileRows } from '@paysign/bulk/node';
import { createGatewayClient, DEFAULT_TIMEOUT_MS } from '@paysign/gateway';
import { checkRecurringPaymentColumns, describeIssue, readRowIssues, type ValidationIssue } from '@paysign/protocol';
import { createNodeFetch } from '@paysign/gateway/node';
import { parseCommandArgs, required } from '../cli/args.js';
import { authenticationAdvice } from '../cli/known-errors.js';
import type { Output } from '../cli/output.js';
import { RefusalError, UsageError } from '../cli/usage-error.js';
import { readWholeNumberFlag } from '../cli/flag-values.js';
import { CONNECTION_FLAG_OPTIONS, merchantCredentials, readConnectionFlags, readPrivateKeyFile, requireSettings } from '../config/gateway-config.js';
import type { Command } from './command.js';

/** How many refusals and failures are printed with their reason (the results file has them all). */
const SHOWN_PROBLEMS = 5;

const usage = `paysign bulk update-recurring-payments --csv ROWS.csv [options]

Sends one update-recurring-payments request per row of ROWS.csv (the gateway's own CSV: a header
row of wire names, ';'-separated, CRLF or LF line ends), streamed from disk. Every row is
validated first: invalid rows are listed (row, column, rule; values masked) and nothing is sent
unless --skip-invalid. Rows whose outcome is unknown (connection reset, timeout, HTTP 5xx, an
over-long or unreadable reply) are retried with backoff: an update writes the same values again.
Refusals are not retried; after ${BULK_DEFAULTS.maxAuthenticationFailures} authentication refusals (HTTP 401/403) the run stops, and so
it does after ${BULK_DEFAULTS.maxUnreachableFailures} requests in a row that find no gateway (connection refused, no such host, TLS
refused), saying why. The first ${SHOWN_PROBLEMS} refusals and failures are printed with their row and the line of
ROWS.csv (the header is line 1); --results lists them all. Every report counts the rows in the
same words: ${BULK_OUTCOMES.join(', ')} (and not done, for rows a stopped run did not finish).
Ctrl-C stops cleanly: rows in flight are not journaled and are sent again on the next run.

Options:
  --csv FILE             the rows (required)
  --concurrency N        requests under way at once (default ${BULK_DEFAULTS.concurrency})
  --rate R               at most R requests per second (default: no limit)
  --journal FILE         append-only record of each row's outcome, fsynced; run again with the same
                         FILE after a crash or Ctrl-C and only rows without an outcome are sent.
                         One run per journal: a second run on a journal in use is refused
                         (FILE.lock names the run; a crashed run's lock is removed by the next)
  --results FILE         a header line, then one CSV line per row: row;recurring-payment-id;outcome;
                         serial-number;error-code;error-message (outcome: ${BULK_OUTCOMES.join(', ')});
                         written whole from the journal, so a resumed run has one header;
                         card data masked, cells starting with = + - @ TAB CR prefixed with '
                         so that spreadsheets show them as text; written aside and renamed
                         into place, never through a symbolic link (refused before the run)
  --skip-invalid         send the valid rows, record the invalid ones as invalid
  --shard K/N            take the rows whose 0-based index is K modulo N (N processes, N journals;
                         their results files, each header but the first dropped, are the whole
                         run's report)
  --attempts N           attempts per row, the first included (default ${BULK_DEFAULTS.attempts})
  --timeout MS           per request (default ${DEFAULT_TIMEOUT_MS})
  --base-url URL         PAYSIGN_BASE_URL
  --endpoint-id ID       PAYSIGN_ENDPOINT_ID
  --login L              PAYSIGN_LOGIN
  --control-key K        PAYSIGN_CONTROL_KEY     HMAC-SHA1
  --private-key FILE     PAYSIGN_PRIVATE_KEY_FILE RSA-SHA256
  --path-prefix P        PAYSIGN_PATH_PREFIX     default /payment
  --currency CUR         PAYSIGN_CURRENCY        project currency, checked before sending
  --json                 print the summary as one JSON document on stdout (see the README's
                         "Machine-readable output")

Exit codes: 0 every row updated, 1 otherwise (refused, invalid, failed, stopped), 2 usage error.`;

/** A whole-number flag of at least 1, or `fallback` when it is not given. */
const wholeNumber = (value: string | undefined, flag: string, fallback: number): number => (value === undefined ? fallback : readWholeNumberFlag(value, flag));

export const bulkCommand: Command = {
  name: 'bulk',
  summary: 'update many recurring payments from a CSV file: concurrent, retried, resumable',
  usage,
  async run(args, { io, env, stopSignal }) {
    const { values, positionals } = parseCommandArgs(
      args,
      {
        csv: { type: 'string' },
        concurrency: { type: 'string' },
        rate: { type: 'string' },
        journal: { type: 'string' },
        results: { type: 'string' },
        'skip-invalid': { type: 'boolean' },
        shard: { type: 'string' },
        attempts: { type: 'string' },
        timeout: { type: 'string' },
        json: { type: 'boolean' },
        ...CONNECTION_FLAG_OPTIONS,
      },
      true,
    );
    if (values.help) return (io.out(usage), 0);
    if (positionals.length !== 1 || positionals[0] !== 'update-recurring-payments')
      throw new UsageError('name the operation: paysign bulk update-recurring-payments --csv ROWS.csv');
    const csv = required(values, 'csv');
    await refuseSameFile([
      ['--csv', csv],
      ['--journal', values.journal],
      ['--results', values.results],
    ]);
    if (values.results !== undefined) await writeResults(values.results);
    const concurrency = wholeNumber(values.concurrency, '--concurrency', BULK_DEFAULTS.concurrency);
    const attempts = wholeNumber(values.attempts, '--attempts', BULK_DEFAULTS.attempts);
    const timeoutMs = wholeNumber(values.timeout, '--timeout', DEFAULT_TIMEOUT_MS);
    const rate = values.rate === undefined ? undefined : Number(values.rate);
    if (rate !== undefined && !(Number.isFinite(rate) && rate > 0)) throw new UsageError('--rate must be a positive number of requests per second');
    let shard;
    try {
      shard = values.shard === undefined ? undefined : parseShard(values.shard);
    } catch (error) {
      throw new UsageError(`--shard ${(error as Error).message.replace(/^shard: /, '')}`);
    }
    const config = readConnectionFlags(values, env);
    requireSettings(config, ['baseUrl', 'login', 'endpointId']);
    const merchant = merchantCredentials(config, await readPrivateKeyFile(config));
    // node:http with kept-alive connections: undici's fetch was about half the CPU of a row.
    const transport = createNodeFetch();
    const client = createGatewayClient({
      ...merchant,
      baseUrl: config.baseUrl as string,
      endpointId: config.endpointId as string,
      timeoutMs,
      fetch: transport,
      ...(config.pathPrefix !== undefined && { pathPrefix: config.pathPrefix }),
    });

    const journal: BulkJournal = values.journal === undefined ? createMemoryJournal() : createFileJournal(values.journal);
    const controller = new AbortController();
    void stopSignal.then(() => {
      if (!controller.signal.aborted) io.err(io.yellow('stopping: rows in flight are abandoned (not journaled; sent again on the next run)'));
      controller.abort();
    });
    const tty = process.stderr.isTTY === true;
    const invalid: BulkInvalidRow[] = [];
    const source = csvFileRows(csv);
    const where = (row: number) => at(source, row);
    const firstProblems: Problem[] = [];
    let problems = 0;
    const invalidLines = invalidRowLines(io, source, where);
    let summary: BulkSummary;
    try {
      summary = await bulkUpdateRecurringPayments({
        client,
        ...(config.currency !== undefined && { projectCurrency: config.currency }),
        source,
        journal,
        concurrency,
        ...(rate !== undefined && { ratePerSecond: rate }),
        ...(shard !== undefined && { shard }),
        onRecord: (record) => {
          if (record.outcome !== 'refused' && record.outcome !== 'failed') return;
          problems++;
          // The line is read now: the send pass has just read this row.
          if (firstProblems.length < SHOWN_PROBLEMS) firstProblems.push({ record, line: source.lineOf(record.row) });
        },
        skipInvalid: values['skip-invalid'] === true,
        retry: { attempts },
        signal: controller.signal,
        progressIntervalMs: tty ? 200 : 5000,
        onProgress: (progress) => (tty ? drawBar(progress) : io.err(io.dim(progressLine(progress)))),
        onInvalidRow: (row) => {
          invalid.push(row);
          invalidLines.add(row);
        },
      });
    } catch (error) {
      await journal.close();
      invalidLines.end(values.results);
      if (error instanceof BulkError) {
        if (error.code === 'BULK_INVALID_ROWS') {
          if (values.results !== undefined) await writeResults(values.results, invalid.map(invalidRowRecord));
          throw new RefusalError(
            `${invalid.length} invalid row(s)${shard === undefined ? '' : ` in shard ${shard.index}/${shard.count}`} (listed above); nothing was sent. Fix them, or send the others with --skip-invalid.`,
          );
        }
        if (error.code === 'BULK_INVALID_OPTIONS') throw new UsageError(error.message);
        if (error.code === 'BULK_INPUT') throw new UsageError(printable(error.message.startsWith(csv) ? `--csv ${error.message}` : error.message));
        throw new RefusalError(`${error.code}: ${error.message}`);
      }
      throw error;
    } finally {
      transport.close();
      if (tty) process.stderr.write('\n');
    }
    // The results are read while the journal is still this run's (locked).
    const records =
      values.results === undefined
        ? []
        : values.journal === undefined
          ? (journal as ReturnType<typeof createMemoryJournal>).records
          : readJournalText(await readFile(values.journal, 'utf8')).records;
    await journal.close();
    invalidLines.end(values.results);
    if (values.results !== undefined) await writeResults(values.results, records);
    printProblems(io, firstProblems, problems, values.results);
    if (values.json) io.out(JSON.stringify(summaryJson(summary, firstProblems), null, 2));
    printSummary(io, summary, values.json === true);
    return summary.updated === summary.total && summary.stopReason === 'completed' ? 0 : 1;
  },
};

/**
 * Refuses two flags naming one file (the same path, another spelling of it, a link to it): the
 * results written over the input or the journal, or the input read as a journal, would destroy it.
 */
async function refuseSameFile(files: readonly (readonly [string, string | undefined])[]): Promise<void> {
  const known: { flag: string; id: string }[] = [];
  for (const [flag, path] of files) {
    if (path === undefined) continue;
    const id = await fileIdentity(path);
    const same = known.find((other) => other.id === id);
    if (same !== undefined) throw new UsageError(`${same.flag} and ${flag} name the same file ${JSON.stringify(path)}: give each its own file`);
    known.push({ flag, id });
  }
}

/** The device and inode of an existing file, or its absolute path when it does not exist yet. */
async function fileIdentity(path: string): Promise<string> {
  try {
    const { dev, ino } = await stat(path, { bigint: true });
    return `inode ${dev}:${ino}`;
  } catch {
    return `path ${resolve(path)}`;
  }
}

/** How many invalid rows are printed with their issues (the results file has them all). */
const SHOWN_INVALID_ROWS = 5;

/**
 * Prints invalid rows as they are found: first what the header lacks, once (a required column
 * missing from the header is missing from every row), then the first rows' other issues, each
 * `invalid row 2 (line 3), column amount, rule decimal: must be ...`; `end()` says how many more.
 */
function invalidRowLines(io: Output, source: CsvFileRows, where: (row: number) => string) {
  let header: readonly ValidationIssue[] | undefined;
  let rows = 0;
  const line = (place: string, issue: ValidationIssue) =>
    io.err(`${io.red('invalid')} ${place}, column ${printable(issue.field)}, rule ${issue.rule}: ${printable(issue.message)}`);
  return {
    add(row: BulkInvalidRow): void {
      const columns = source.columns();
      if (header === undefined && columns !== undefined) {
        header = checkRecurringPaymentColumns(columns).filter((issue) => issue.rule === 'required');
        for (const issue of header) line('header (line 1)', issue);
      }
      const own = row.issues.filter((issue) => !(issue.rule === 'required' && header?.some((missing) => missing.field === issue.field)));
      if (own.length === 0) return;
      if (++rows <= SHOWN_INVALID_ROWS) for (const issue of own) line(where(row.row), issue);
    },
    end(results: string | undefined): void {
      if (rows > SHOWN_INVALID_ROWS)
        io.err(
          `... and ${rows - SHOWN_INVALID_ROWS} more invalid row(s)${results === undefined ? ' (--results FILE lists every row)' : ` (every row is in ${results})`}`,
        );
      rows = Math.min(rows, SHOWN_INVALID_ROWS);
    },
  };
}

/**
 * The results file, by @paysign/bulk/node's writer (never through a link), its refusal in the
 * flag's name. Without `records` it only checks that the file can be written: before the run, so
 * a link or an unwritable path is refused before anything is sent.
 */
async function writeResults(path: string, records?: readonly BulkRecord[]): Promise<void> {
  try {
    const file = await openResultsFile(path);
    if (records === undefined) await file.discard();
    else await file.write(records);
  } catch (error) {
    if (error instanceof BulkError) throw new UsageError(printable(error.message.replace(/^results file /, '--results ')));
    throw error;
  }
}

function eta(progress: BulkProgress): string {
  if (progress.etaSeconds === undefined) return 'ETA -';
  const s = Math.round(progress.etaSeconds);
  return `ETA ${Math.floor(s / 3600) > 0 ? `${Math.floor(s / 3600)}h` : ''}${Math.floor((s % 3600) / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** The rows of each outcome, in the words and order of every report: `7 updated, 2 refused, 0 invalid, 1 failed`. */
function outcomeCounts(p: BulkProgress): string {
  return BULK_OUTCOMES.map((outcome) => `${p[outcome]} ${outcome}`).join(', ');
}

/** One progress line, for logs (not a TTY). */
export function progressLine(p: BulkProgress): string {
  return `${p.done}/${p.total} done: ${outcomeCounts(p)}; in flight ${p.inFlight}, ${p.ratePerSecond.toFixed(1)} rows/s, ${eta(p)}`;
}

function drawBar(p: BulkProgress): void {
  const width = 30;
  const filled = p.total === 0 ? width : Math.round((p.done / p.total) * width);
  process.stderr.write(
    `\r\u001b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.done}/${p.total} ${p.ratePerSecond.toFixed(0)}/s ${eta(p)}: ${outcomeCounts(p)}`,
  );
}

/** A refused or failed row, with the line of the file it is on. */
interface Problem {
  record: BulkRecord;
  line: number | undefined;
}

/** `row 2 (line 3)`: the row as bulk counts it, and the line of the file a spreadsheet shows. */
function at(source: CsvFileRows, row: number): string {
  const line = source.lineOf(row);
  return line === undefined ? `row ${row}` : `row ${row} (line ${line})`;
}

/** Text from the gateway or the file, with control characters escaped: nothing reaches the terminal raw. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/\n/g, '\\n');
}

/**
 * Why a row was refused or failed, as the gateway or the client said it; the row is named before
 * it, with its line, so a message in the protocol's `row N, field: message` form is read back and
 * said without its row.
 */
function reasonOf(record: BulkRecord): string {
  const message = record.errorMessage ?? '';
  const issues = readRowIssues(message);
  return printable(issues === undefined ? message : issues.map((issue) => describeIssue(issue)).join('; '));
}

function printProblems(io: Output, shown: readonly Problem[], count: number, results: string | undefined): void {
  for (const { record, line } of shown) {
    const where = line === undefined ? `row ${record.row}` : `row ${record.row} (line ${line})`;
    io.err(`${io.red(record.outcome)} ${where}${record.errorCode === undefined ? '' : ` ${printable(record.errorCode)}`}: ${reasonOf(record)}`);
  }
  if (count > shown.length)
    io.err(
      `... and ${count - shown.length} more refused or failed row(s)${results === undefined ? ' (--results FILE lists every row)' : ` (every row is in ${results})`}`,
    );
}

/** The `--json` summary: stable field names, documented in the README's "Machine-readable output". */
function summaryJson(s: BulkSummary, shown: readonly Problem[]) {
  return {
    stopReason: s.stopReason,
    total: s.total,
    updated: s.updated,
    refused: s.refused,
    invalid: s.invalid,
    failed: s.failed,
    notDone: s.notDone,
    resumed: s.resumed,
    retries: s.retries,
    elapsedMs: s.elapsedMs,
    cause: s.unreachableMessage ?? s.authenticationMessage ?? null,
    firstProblems: shown.map(({ record, line }) => ({
      row: record.row,
      line: line ?? null,
      outcome: record.outcome,
      errorCode: record.errorCode ?? null,
      reason: reasonOf(record),
    })),
  };
}

function printSummary(io: Output, s: BulkSummary, json: boolean): void {
  const line =
    `${s.total} rows: ${outcomeCounts(s)}, ${s.notDone} not done` +
    `${s.resumed > 0 ? ` (${s.resumed} finished by an earlier run)` : ''}; ${s.retries} retries; ${s.ratePerSecond.toFixed(1)} rows/s`;
  // With --json, stdout holds the JSON document only; the line goes to stderr.
  if (json) io.err(line);
  else io.out(s.updated === s.total ? io.green(line) : line);
  if (s.stopReason === 'unreachable') {
    io.err(io.red(`stopped: the gateway cannot be reached (${printable(s.unreachableMessage ?? 'no connection')}), so nothing more was sent.`));
    io.err('Check --base-url (host, port, https) and the network; then run again with the same --journal: only rows without an outcome are sent.');
  } else if (s.stopReason === 'authentication') {
    io.err(io.red(`stopped after repeated authentication refusals (HTTP 401/403): the signature setup is wrong, so nothing more was sent.`));
    io.err(
      authenticationAdvice(
        undefined,
        'To see why, send one row with "paysign send update-recurring-payments --file ROW.json --save-request FILE" and run "paysign explain --request FILE".',
      ),
    );
    io.err('Fix the key or login, then run again with the same --journal: only rows without an outcome are sent.');
  } else if (s.stopReason === 'aborted') {
    io.err(io.yellow(`stopped: ${s.notDone} row(s) not done; run again with the same --journal to finish them.`));
  }
}
