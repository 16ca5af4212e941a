// Payload encoding (update-recurring-payments): rows -> CSV -> UTF-8 -> Base64 with
// @paysign/payload-codec, against the platform's Base64 of the same bytes, measured in the same rounds.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { figures, measureInterleaved } from '../harness/measure.js';
import type { Progress } from '../harness/progress.js';
import type { Summary } from '../harness/stats.js';
import { RECURRING_COLUMNS, recurringRow } from '../fixtures/requests.js';

export interface PayloadPoint {
  rows: number;
  csvBytes: number;
  payloadBytes: number;
  /** Encodings per second, codec and floor. */
  codec: Summary;
  floor: Summary;
  vsFloor: Summary;
  rowsPerSecond: number;
  /** Megabytes (10^6 bytes) of CSV per second. */
  megabytesPerSecond: number;
  floorMegabytesPerSecond: number;
}

export interface PayloadMemory {
  rows: number;
  outputBytes: number;
  peakBytes: number;
}

export type PayloadResult = { available: false; reason: string } | { available: true; points: PayloadPoint[]; memory?: PayloadMemory };

type Codec = { encodePayload(rows: readonly Record<string, string | undefined>[], options: { columns: readonly string[] }): string };

/** Measures the codec at each row count, when its build exists. */
export async function runPayload(
  rowCounts: readonly number[],
  memoryRows: number,
  measure: { rounds: number; sampleMs: number },
  progress: Progress,
): Promise<PayloadResult> {
  let codec: Codec;
  try {
    codec = (await import('@paysign/payload-codec')) as Codec;
  } catch {
    return { available: false, reason: '@paysign/payload-codec is not built (no dist/)' };
  }
  const points: PayloadPoint[] = [];
  for (const count of rowCounts) {
    progress.step(`payload encoding, ${count} rows`);
    const rows = Array.from({ length: count }, (_, i) => recurringRow(i));
    const payload = codec.encodePayload(rows, { columns: RECURRING_COLUMNS });
    const bytes = Buffer.from(payload, 'base64');
    if (Buffer.from(bytes).toString('base64') !== payload) throw new Error('the payload is not canonical Base64');
    let sink = '';
    const samples = await measureInterleaved(
      [
        {
          id: 'floor',
          run: (n) => {
            for (let i = 0; i < n; i++) sink = bytes.toString('base64');
          },
        },
        {
          id: 'codec',
          run: (n) => {
            for (let i = 0; i < n; i++) sink = codec.encodePayload(rows, { columns: RECURRING_COLUMNS });
          },
        },
      ],
      { ...measure, onSample: (event) => progress.update(event.done, event.total, event.caseId) },
    );
    if (sink.length !== payload.length) throw new Error('the payload changed between runs');
    const result = figures(samples, 'floor');
    const perSecond = result.codec!.opsPerSecond.median;
    points.push({
      rows: count,
      csvBytes: bytes.length,
      payloadBytes: payload.length,
      codec: result.codec!.opsPerSecond,
      floor: result.floor!.opsPerSecond,
      vsFloor: result.codec!.vsFloor!,
      rowsPerSecond: perSecond * count,
      megabytesPerSecond: (perSecond * bytes.length) / 1e6,
      floorMegabytesPerSecond: (result.floor!.opsPerSecond.median * bytes.length) / 1e6,
    });
  }
  progress.step(`payload encoding: peak memory for ${memoryRows} rows (fresh process)`);
  const script = fileURLToPath(new URL('./payload-memory.js', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', script, String(memoryRows)], { maxBuffer: 1 << 20 });
  const memory = JSON.parse(stdout) as PayloadMemory;
  return { available: true, points, memory };
}
