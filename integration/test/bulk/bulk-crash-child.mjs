// A bulk run in its own process, for bulk-crash.test.ts to kill with SIGKILL at random points and
// bulk-journal-lock.test.ts to run side by side with another.
// argv: baseUrl csvPath journalPath concurrency [ratePerSecond] [shard K/N]
// Prints a JSON line: the summary, or the BulkError's code and message (exit code 3).
import { BulkError, bulkUpdateRecurringPayments, parseShard } from '@paysign/bulk';
import { createFileJournal, csvFileRows } from '@paysign/bulk/node';
import { createGatewayClient } from '@paysign/gateway';

const [baseUrl, csvPath, journalPath, concurrency, rate, shard] = process.argv.slice(2);
const client = createGatewayClient({ baseUrl, endpointId: '1', login: 'merchant', controlKey: 'bulk-control-key' });
const journal = createFileJournal(journalPath);
try {
  const summary = await bulkUpdateRecurringPayments({
    client,
    source: csvFileRows(csvPath),
    journal,
    concurrency: Number(concurrency),
    retry: { attempts: 5, baseDelayMs: 1, maxDelayMs: 5 },
    ...(rate !== undefined && rate !== '' && { ratePerSecond: Number(rate) }),
    ...(shard !== undefined && { shard: parseShard(shard) }),
  });
  await journal.close();
  process.stdout.write(JSON.stringify({ stopReason: summary.stopReason, done: summary.done, resumed: summary.resumed, updated: summary.updated }));
  process.exitCode = summary.stopReason === 'completed' && summary.updated === summary.total ? 0 : 1;
} catch (error) {
  await journal.close();
  if (!(error instanceof BulkError)) throw error;
  process.stdout.write(JSON.stringify({ error: error.code, message: error.message }));
  process.exitCode = 3;
}
