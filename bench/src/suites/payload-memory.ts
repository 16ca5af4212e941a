// Run in a fresh process (`node --expose-gc payload-memory.js <rows>`): how much resident memory
// encoding the payload adds on top of the rows themselves, printed as JSON. The encoder runs on
// the main thread, so a worker thread samples the process's resident set every millisecond.
import { Worker } from 'node:worker_threads';
import { encodePayload } from '@paysign/payload-codec';
import { RECURRING_COLUMNS, recurringRow } from '../fixtures/requests.js';

const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
const view = new Int32Array(workerData);
let peak = 0;
parentPort.postMessage('ready');
while (Atomics.load(view, 0) === 0) {
  peak = Math.max(peak, process.memoryUsage.rss());
  Atomics.wait(view, 0, 0, 1);
}
parentPort.postMessage(peak);
`;

const count = Number(process.argv[2] ?? 100_000);
const rows = Array.from({ length: count }, (_, i) => recurringRow(i));
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
gc?.();
const stop = new SharedArrayBuffer(4);
const sampler = new Worker(SAMPLER, { eval: true, workerData: stop });
await new Promise((resolve) => sampler.once('message', resolve));
const before = process.memoryUsage.rss();
const payload = encodePayload(rows, { columns: RECURRING_COLUMNS });
Atomics.store(new Int32Array(stop), 0, 1);
Atomics.notify(new Int32Array(stop), 0);
const peak = await new Promise<number>((resolve) => sampler.once('message', resolve));
await sampler.terminate();
process.stdout.write(JSON.stringify({ rows: count, outputBytes: payload.length, peakBytes: Math.max(0, peak - before), gcExposed: gc !== undefined }));
