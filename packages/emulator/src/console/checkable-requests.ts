import type { DiagnosisJob } from './request-diagnosis.js';
import { DIAGNOSIS_MAX_BODY_BYTES } from './request-diagnosis.js';

/** Most bytes of the newest requests kept as received, for `RequestLog.check`: never shown, never written. */
const CHECKABLE_MAX_BYTES = 8 * 1024 * 1024;

const sizeOf = (job: DiagnosisJob): number => job.body.length + job.url.length + (job.authorization?.length ?? 0);

/** The newest requests as received (unmasked, in the emulator only), bounded in bytes; insertion order is id order. */
export class CheckableRequests {
  readonly #kept = new Map<number, DiagnosisJob>();
  #bytes = 0;

  keep(id: number, job: DiagnosisJob): void {
    const size = sizeOf(job);
    if (size > DIAGNOSIS_MAX_BODY_BYTES) return;
    this.#kept.set(id, job);
    this.#bytes += size;
    for (const [id, old] of this.#kept) {
      if (this.#bytes <= CHECKABLE_MAX_BYTES) break;
      this.#kept.delete(id);
      this.#bytes -= sizeOf(old);
    }
  }

  get(id: number): DiagnosisJob | undefined {
    return this.#kept.get(id);
  }
}
