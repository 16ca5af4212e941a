// Memory over a long run: one signer, a million HMAC-SHA1 signatures, the heap measured after a
// full GC at each tenth. A leak (a cache that grows per nonce, per request) shows as a slope.
import { createSigner } from '@paysign/oauth-core';
import type { Progress } from '../harness/progress.js';
import { transfer } from '../fixtures/requests.js';
import { signerOptions } from '../signers/paysign.js';

export interface MemoryResult {
  signs: number;
  /** Heap used after a full GC, in bytes, at 0, 1/10, ..., 10/10 of the run. */
  heapUsed: number[];
  /** Last checkpoint minus the first, in bytes. */
  growth: number;
  /** Least-squares slope over the checkpoints after the first, in bytes per 1,000 signs. */
  slopePerThousand: number;
  gcExposed: boolean;
}

/** Least-squares slope of y over x. */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** Signs `signs` requests with one signer and records the heap after GC at each tenth. */
export function runMemory(signs: number, progress: Progress): MemoryResult {
  const gc = (globalThis as { gc?: () => void }).gc;
  const heap = () => {
    gc?.();
    gc?.();
    return process.memoryUsage().heapUsed;
  };
  const signer = createSigner(signerOptions({ algorithm: 'HMAC-SHA1', request: transfer }, ''));
  const request = { url: transfer.url, params: transfer.params };
  signer.signSync(request);
  progress.step(`memory: ${signs.toLocaleString('en')} HMAC-SHA1 signatures with one signer`);
  const heapUsed = [heap()];
  const step = Math.ceil(signs / 10);
  for (let done = 0; done < signs; ) {
    const end = Math.min(signs, done + step);
    for (; done < end; done++) signer.signSync(request);
    heapUsed.push(heap());
    progress.update(done, signs);
  }
  const xs = heapUsed.slice(1).map((_, i) => ((i + 1) * step) / 1000);
  return {
    signs,
    heapUsed,
    growth: heapUsed.at(-1)! - heapUsed[0]!,
    slopePerThousand: slope(xs, heapUsed.slice(1)),
    gcExposed: gc !== undefined,
  };
}
