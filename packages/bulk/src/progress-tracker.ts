import type { BulkOutcome, BulkProgress } from './bulk-types.js';

/** Counts of a run, and the progress snapshot computed from them. */
export class ProgressTracker {
  total = 0;
  resumed = 0;
  inFlight = 0;
  retries = 0;
  doneThisRun = 0;
  readonly counts: Record<BulkOutcome, number> = { updated: 0, refused: 0, invalid: 0, failed: 0 };
  private readonly started: number;
  private firstSend: number | undefined;

  constructor(now: number = Date.now()) {
    this.started = now;
  }

  /** Marks that requests began (the rate counts from here, not from the validation pass). */
  sending(now: number = Date.now()): void {
    this.firstSend ??= now;
  }

  count(outcome: BulkOutcome, resumed: boolean): void {
    this.counts[outcome]++;
    if (resumed) this.resumed++;
    else this.doneThisRun++;
  }

  get done(): number {
    return this.counts.updated + this.counts.refused + this.counts.invalid + this.counts.failed;
  }

  snapshot(now: number = Date.now()): BulkProgress {
    const seconds = this.firstSend === undefined ? 0 : (now - this.firstSend) / 1000;
    const ratePerSecond = seconds > 0 ? this.doneThisRun / seconds : 0;
    const remaining = Math.max(0, this.total - this.done);
    return {
      total: this.total,
      done: this.done,
      resumed: this.resumed,
      ...this.counts,
      inFlight: this.inFlight,
      retries: this.retries,
      ratePerSecond,
      etaSeconds: remaining === 0 ? 0 : ratePerSecond > 0 ? remaining / ratePerSecond : undefined,
      elapsedMs: now - this.started,
    };
  }
}
