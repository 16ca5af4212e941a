// RSA-SHA256 across cores: k worker threads sign for the same wall-clock window, and the total is
// compared with one thread's in the same round. Also the asynchronous path: WebCrypto on Node
// signs on libuv's thread pool, so several signatures in flight use several cores.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import * as webcrypto from '@paysign/oauth-core/webcrypto';
import type { Progress } from '../harness/progress.js';
import { pairedRatios, summarize, type Summary } from '../harness/stats.js';
import { transfer } from '../fixtures/requests.js';
import { signerOptions } from '../signers/paysign.js';

export interface ScalingPoint {
  /** Threads (worker mode) or signatures in flight (thread-pool mode). */
  parallelism: number;
  opsPerSecond: Summary;
  /** Paired ratio to parallelism 1 in the same round. */
  scaling: Summary;
}

export interface ConcurrencyResult {
  cores: number;
  workerThreads: ScalingPoint[];
  threadPool: ScalingPoint[];
}

function points(levels: readonly number[], samples: Map<number, number[]>): ScalingPoint[] {
  const one = samples.get(1)!;
  return levels.map((level) => ({
    parallelism: level,
    opsPerSecond: summarize(samples.get(level)!),
    scaling: summarize(pairedRatios(samples.get(level)!, one)),
  }));
}

async function startWorkers(count: number, pkcs1Pem: string): Promise<Worker[]> {
  const url = new URL('./rsa-worker.js', import.meta.url);
  return Promise.all(
    Array.from({ length: count }, () => {
      const worker = new Worker(url, { workerData: { pkcs1Pem } });
      return new Promise<Worker>((resolve, reject) => {
        worker.once('message', () => resolve(worker));
        worker.once('error', reject);
      });
    }),
  );
}

async function window(workers: readonly Worker[], ms: number): Promise<number> {
  const until = Date.now() + ms;
  const counts = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<number>((resolve) => {
          worker.once('message', (reply: { count: number }) => resolve(reply.count));
          worker.postMessage({ until });
        }),
    ),
  );
  return (counts.reduce((a, b) => a + b, 0) * 1000) / ms;
}

async function threadPoolWindow(sign: () => Promise<unknown>, inFlight: number, ms: number): Promise<number> {
  const until = Date.now() + ms;
  let count = 0;
  const lane = async () => {
    while (Date.now() < until) {
      await sign();
      count++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return (count * 1000) / ms;
}

/** Measures RSA signing throughput at 1..cores threads, and at 1..cores signatures in flight. */
export async function runConcurrency(pkcs1Pem: string, rounds: number, windowMs: number, progress: Progress): Promise<ConcurrencyResult> {
  const cores = availableParallelism();
  const levels = [...new Set([1, 2, cores])].sort((a, b) => a - b);
  progress.step(`RSA-SHA256 across cores: ${levels.join(', ')} worker threads`);
  const workers = await startWorkers(Math.max(...levels), pkcs1Pem);
  const threadSamples = new Map<number, number[]>(levels.map((level) => [level, []]));
  const poolSamples = new Map<number, number[]>(levels.map((level) => [level, []]));
  const signer = webcrypto.createSigner(signerOptions({ algorithm: 'RSA-SHA256', request: transfer }, pkcs1Pem));
  const request = { url: transfer.url, params: transfer.params };
  await signer.sign(request);
  const total = (rounds + 1) * levels.length * 2;
  let done = 0;
  try {
    for (let round = 0; round <= rounds; round++) {
      for (let k = 0; k < levels.length; k++) {
        const level = levels[(k + round) % levels.length]!;
        progress.update(done++, total, `${level} thread${level === 1 ? '' : 's'}`);
        const threads = await window(workers.slice(0, level), windowMs);
        progress.update(done++, total, `${level} in flight`);
        const pool = await threadPoolWindow(() => signer.sign(request), level, windowMs);
        if (round > 0) {
          threadSamples.get(level)!.push(threads);
          poolSamples.get(level)!.push(pool);
        }
      }
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return { cores, workerThreads: points(levels, threadSamples), threadPool: points(levels, poolSamples) };
}
