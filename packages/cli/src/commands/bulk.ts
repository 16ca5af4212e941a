import { readFile, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  BulkError,
  bulkUpdateRecurringPayments,
  createGatewayClient,
  createMemoryJournal,
  formatResultLine,
  parseShard,
  readJournalText,
  type BulkInvalidRow,
  type BulkJournal,
  type BulkProgress,
  type BulkRecord,
  type BulkSummary,
} from '@paysign/gateway';
import { createFileJournal, csvFileRows } from '@paysign/gateway/node';
import { defaultAdapter as threadPoolSigner } from '@paysign/oauth-core/webcrypto';
import { parseCommandArgs, required } from '../cli/args.js';
import { authenticationAdvice } from '../cli/known-errors.js';
import type { Output } from '../cli/output.js';
import { RefusalError, UsageError } from '../cli/usage-error.js';
import { readWholeNumberFlag } from '../cli/flag-values.js';
import { CONNECTION_FLAG_OPTIONS, readConnectionFlags, readPrivateKeyFile, requireSettings } from '../config/gateway-config.js';
import type { Command } from './command.js';

const usage = `paysign bulk update-recurring-payments --csv ROWS.csv [options]

Sends one update-recurring-payments request per row of ROWS.csv (the gateway's own CSV: a header
row of wire names, ';'-separated, CRLF or LF line ends), streamed from disk. Every row is
validated first: invalid rows are listed (row, column, rule; values masked) and nothing is sent
unless --skip-invalid. Rows whose outcome is unknown (connection reset, timeout, HTTP 5xx, an
over-long or unreadable reply) are retried with backoff: an update writes the same values again.
Refusals are not retried; after 3 authentication refusals (HTTP 401/403) the run stops.
Ctrl-C stops cleanly: rows in flight are not journaled and are sent again on the next run.

Options:
  --csv FILE             the rows (required)
  --concurrency N        requests under way at once (default 4)
  --rate R               at most R requests per second (default: no limit)
  --journal FILE         append-only record of each row's outcome, fsynced; run again with the same
                         FILE after a crash or Ctrl-C and only rows without an outcome are sent.
                         One run per journal: a second run on a journal in use is refused
                         (FILE.lock names the run; a crashed run's lock is removed by the next)
  --results FILE         one CSV line per row: row;recurring-payment-id;outcome;serial-number;
                         error-code;error-message (outcome: updated, refused, invalid, failed);
                         card data masked, cells starting with = + - @ TAB CR prefixed with '
                         so that spreadsheets show them as text
  --skip-invalid         send the valid rows, record the invalid ones as invalid
  --shard K/N            take the rows whose 0-based index is K modulo N (N processes, N journals;
                         their results files concatenated are the whole run's report)
  --attempts N           attempts per row, the first included (default 5)
  --timeout MS           per request (default 30000)
  --base-url URL         PAYSIGN_BASE_URL
  --endpoint-id ID       PAYSIGN_ENDPOINT_ID
  --login L              PAYSIGN_LOGIN
  --control-key K        PAYSIGN_CONTROL_KEY     HMAC-SHA1
  --private-key FILE     PAYSIGN_PRIVATE_KEY_FILE RSA-SHA256
  --path-prefix P        PAYSIGN_PATH_PREFIX     default /payment
  --currency CUR         PAYSIGN_CURRENCY        project currency, checked before sending

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
    const concurrency = wholeNumber(values.concurrency, '--concurrency', 4);
    const attempts = wholeNumber(values.attempts, '--attempts', 5);
    const timeoutMs = wholeNumber(values.timeout, '--timeout', 30_000);
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
    const privateKey = await readPrivateKeyFile(config);
    const client = createGatewayClient({
      baseUrl: config.baseUrl as string,
      endpointId: config.endpointId as string,
      login: config.login as string,
      timeoutMs,
      ...(config.controlKey !== undefined && { controlKey: config.controlKey }),
      // RSA-SHA256 through WebCrypto: each signature is made on libuv's thread pool, so concurrent
      // rows sign on every core instead of queueing on the event loop (node:crypto's sign is synchronous).
      ...(privateKey !== undefined && { privateKey, adapter: threadPoolSigner }),
      ...(config.pathPrefix !== undefined && { pathPrefix: config.pathPrefix }),
      ...(config.currency !== undefined && { projectCurrency: config.currency }),
    });

    const journal: BulkJournal = values.journal === undefined ? createMemoryJournal() : createFileJournal(values.journal);
    const controller = new AbortController();
    void stopSignal.then(() => {
      if (!controller.signal.aborted) io.err(io.yellow('stopping: rows in flight are abandoned (not journaled; sent again on the next run)'));
      controller.abort();
    });
    const tty = process.stderr.isTTY === true;
    const invalid: BulkInvalidRow[] = [];
    let summary: BulkSummary;
    try {
      summary = await bulkUpdateRecurringPayments({
        client,
        source: csvFileRows(csv),
        journal,
        concurrency,
        ...(rate !== undefined && { ratePerSecond: rate }),
        ...(shard !== undefined && { shard }),
        ...(config.currency !== undefined && { projectCurrency: config.currency }),
        skipInvalid: values['skip-invalid'] === true,
        retry: { attempts },
        signal: controller.signal,
        progressIntervalMs: tty ? 200 : 5000,
        onProgress: (progress) => (tty ? drawBar(progress) : io.err(io.dim(progressLine(progress)))),
        onInvalidRow: (row) => {
          invalid.push(row);
          for (const issue of row.issues)
            io.err(`${io.red('invalid')} row ${row.row}, column ${issue.field}, rule ${issue.rule}: ${issue.message.replace(/^row \d+: /, '')}`);
        },
      });
    } catch (error) {
      await journal.close();
      if (error instanceof BulkError) {
        if (error.code === 'BULK_INVALID_ROWS') {
          if (values.results !== undefined) await writeResults(values.results, invalid.map(invalidRecord));
          throw new RefusalError(
            `${invalid.length} invalid row(s) in this shard (listed above); nothing was sent. Fix them, or send the others with --skip-invalid.`,
          );
        }
        if (error.code === 'BULK_INVALID_OPTIONS') throw new UsageError(error.message);
        if (error.code === 'BULK_INPUT') throw new UsageError(error.message.startsWith(csv) ? `--csv ${error.message}` : error.message);
        throw new RefusalError(`${error.code}: ${error.message}`);
      }
      throw error;
    } finally {
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
    if (values.results !== undefined) await writeResults(values.results, records);
    printSummary(io, summary);
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

function invalidRecord(row: BulkInvalidRow): BulkRecord {
  return {
    row: row.row,
    recurringPaymentId: row.recurringPaymentId ?? '',
    outcome: 'invalid',
    errorCode: row.issues[0]?.rule ?? 'invalid',
    errorMessage: row.issues.map((i) => i.message).join('; '),
  };
}

async function writeResults(path: string, records: readonly BulkRecord[]): Promise<void> {
  const sorted = [...records].sort((a, b) => a.row - b.row);
  try {
    await writeFile(path, sorted.map(formatResultLine).join(''));
  } catch (error) {
    throw new UsageError(`--results ${path}: cannot write the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function eta(progress: BulkProgress): string {
  if (progress.etaSeconds === undefined) return 'ETA -';
  const s = Math.round(progress.etaSeconds);
  return `ETA ${Math.floor(s / 3600) > 0 ? `${Math.floor(s / 3600)}h` : ''}${Math.floor((s % 3600) / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** One progress line, for logs (not a TTY). */
export function progressLine(p: BulkProgress): string {
  return `${p.done}/${p.total} done (updated ${p.updated}, refused ${p.refused}, invalid ${p.invalid}, failed ${p.failed}), in flight ${p.inFlight}, ${p.ratePerSecond.toFixed(1)} rows/s, ${eta(p)}`;
}

function drawBar(p: BulkProgress): void {
  const width = 30;
  const filled = p.total === 0 ? width : Math.round((p.done / p.total) * width);
  process.stderr.write(
    `\r\u001b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.done}/${p.total} ${p.ratePerSecond.toFixed(0)}/s ${eta(p)} failed ${p.failed + p.refused}`,
  );
}

function printSummary(io: Output, s: BulkSummary): void {
  const line =
    `${s.total} rows: ${s.updated} updated, ${s.refused} refused, ${s.invalid} invalid, ${s.failed} failed, ${s.notDone} not done` +
    `${s.resumed > 0 ? ` (${s.resumed} finished by an earlier run)` : ''}; ${s.retries} retries; ${s.ratePerSecond.toFixed(1)} rows/s`;
  io.out(s.updated === s.total ? io.green(line) : line);
  if (s.stopReason === 'authentication') {
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
