// Run in a fresh process (`node --expose-gc payload-memory.js <rows>`): the peak resident memory
// that encoding the payload adds on top of the rows themselves, printed as JSON.
import { encodePayload } from '@paysign/payload-codec';
import { RECURRING_COLUMNS, recurringRow } from '../fixtures/requests.js';

const count = Number(process.argv[2] ?? 100_000);
const rows = Array.from({ length: count }, (_, i) => recurringRow(i));
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.resourceUsage().maxRSS * 1024;
const rssBefore = process.memoryUsage().rss;
const payload = encodePayload(rows, { columns: RECURRING_COLUMNS });
const after = process.resourceUsage().maxRSS * 1024;
process.stdout.write(
  JSON.stringify({ rows: count, outputBytes: payload.length, peakBytes: Math.max(0, after - Math.max(before, rssBefore)), gcExposed: gc !== undefined }),
);
