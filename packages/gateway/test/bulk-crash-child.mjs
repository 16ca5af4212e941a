// A bulk run in its own process, for bulk-crash.test.ts to kill with SIGKILL at random points.
// argv: baseUrl csvPath journalPath concurrency
import { bulkUpdateRecurringPayments, createGatewayClient } from '../dist/index.js';
import { createFileJournal, csvFileRows } from '../dist/node.js';

const [baseUrl, csvPath, journalPath, concurrency] = process.argv.slice(2);
const client = createGatewayClient({ baseUrl, endpointId: '1', login: 'merchant', controlKey: 'bulk-control-key' });
const journal = createFileJournal(journalPath);
const summary = await bulkUpdateRecurringPayments({
  client,
  source: csvFileRows(csvPath),
  journal,
  concurrency: Number(concurrency),
  retry: { attempts: 5, baseDelayMs: 1, maxDelayMs: 5 },
});
await journal.close();
process.stdout.write(JSON.stringify({ stopReason: summary.stopReason, done: summary.done, resumed: summary.resumed }));
process.exitCode = summary.stopReason === 'completed' && summary.updated === summary.total ? 0 : 1;
