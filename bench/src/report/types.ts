import type { GroupResult } from '../signers/matrix.js';
import type { ConcurrencyResult } from '../suites/concurrency.js';
import type { MemoryResult } from '../suites/memory.js';
import type { PayloadResult } from '../suites/payload.js';
import type { RsaInFlightResult } from '../suites/rsa-in-flight.js';

/** Everything one run measured: what results.json holds and the reports are made from. */
export interface BenchReport {
  generatedAt: string;
  quick: boolean;
  rounds: number;
  sampleMs: number;
  machine: { cpu: string; cores: number; loadBefore: number[]; loadAfter: number[]; host: string };
  /** Signing groups of every runtime, the host's first. */
  signing: GroupResult[];
  skippedRuntimes: { runtime: string; reason: string }[];
  openssl?: { signsPerSecond: number; version: string };
  concurrency?: ConcurrencyResult;
  /** RSA-SHA256 4096 with 8 `sign()` in flight against `openssl speed -multi <cores>` (issue #34). */
  rsaInFlight?: RsaInFlightResult;
  payload?: PayloadResult;
  memory?: MemoryResult;
}
