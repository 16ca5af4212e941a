import { redactBaseString, redactCardData } from '@paysign/protocol';
import { explainRequest } from '@paysign/protocol/diagnose';
import { matchOperationPath } from '@paysign/protocol/wire';
import type { MerchantRegistry } from '../merchants/merchant-registry.js';
import { cut, type KeptRequest, type ReceivedAt } from './request-entry.js';
import type { LoggedRequest, RefusalCause } from './logged-request.js';

/** Bodies over this are not diagnosed (the diagnosis would cost more than it tells). */
export const DIAGNOSIS_MAX_BODY_BYTES: number = 256 * 1024;
/** Most bytes of bodies waiting for a diagnosis; a refused request beyond it is not diagnosed. */
const QUEUE_MAX_BYTES = 4 * 1024 * 1024;
/** The diagnosis budget per request: layouts and bytes of base strings. */
const DIAGNOSIS_BUDGET = { maxVariants: 400, maxBaseStringBytes: 4 * 1024 * 1024 } as const;

/** A request to diagnose, as received, with the login it names and the time it was received. */
export type DiagnosisJob = ReceivedAt;

/** What the diagnosis found, masked. */
export interface Diagnosis {
  verdict?: string;
  signatureMethod?: string;
  causes: RefusalCause[];
  expectedBaseString?: string;
}

export interface DiagnosisOptions {
  merchants: MerchantRegistry;
  publicOrigin: string | undefined;
  pathPrefix: string;
  timestampWindowSeconds: number;
}

/** Diagnoses one request with the keys the emulator holds for its merchant (the answer masked); never rejects. */
export async function diagnose(options: DiagnosisOptions, job: DiagnosisJob): Promise<Diagnosis> {
  const merchant = job.login === undefined ? undefined : options.merchants.get(job.login);
  const received = new URL(job.url);
  const url = options.publicOrigin === undefined ? job.url : `${options.publicOrigin}${received.pathname}${received.search}`;
  const endpointId = matchOperationPath(received.pathname, options.pathPrefix)?.endpointId;
  try {
    const { controlKey, publicKeys } = merchant?.account ?? {};
    const diagnosis = await explainRequest({
      method: job.method,
      url,
      ...(job.authorization !== null && { authorization: job.authorization }),
      body: job.body,
      ...(controlKey !== undefined && { controlKey }),
      ...(publicKeys?.[0] !== undefined && { publicKey: publicKeys[0] }),
      now: job.now,
      timestampWindowSeconds: options.timestampWindowSeconds,
      facts: { merchant: merchant === undefined ? null : { endpointIds: merchant.account.endpointIds }, ...(endpointId !== undefined && { endpointId }) },
      ...DIAGNOSIS_BUDGET,
    });
    return {
      verdict: diagnosis.verdict,
      ...(diagnosis.signatureMethod !== undefined && { signatureMethod: diagnosis.signatureMethod }),
      causes: diagnosis.causes.map((cause) => ({ code: cause.code, message: redactCardData(cause.message) })),
      ...(diagnosis.expectedBaseString !== undefined && { expectedBaseString: cut(redactBaseString(diagnosis.expectedBaseString)) }),
    };
  } catch {
    // The emulator's own reason stays.
    return { causes: [] };
  }
}

// setImmediate where the runtime has it (Node, Bun, Deno), else a zero timeout (workerd, browsers).
const nextTurn = (task: () => void): void => {
  if (typeof setImmediate === 'function') setImmediate(task);
  else setTimeout(task, 0);
};

/**
 * The refused-signature requests waiting for their diagnosis, off the request path: bounded in
 * bytes of bodies, worked one request per turn of the event loop (requests waiting meanwhile go
 * first), each with a budget of layouts; bodies over 256 KiB not at all.
 */
export class DiagnosisQueue {
  #jobs: { job: DiagnosisJob; kept: KeptRequest; entry: LoggedRequest }[] = [];
  #bytes = 0;
  #working = false;
  #waiters: (() => void)[] = [];
  readonly #options: DiagnosisOptions;
  readonly #done: (entry: LoggedRequest, kept: KeptRequest) => void;

  constructor(options: DiagnosisOptions, done: (entry: LoggedRequest, kept: KeptRequest) => void) {
    this.#options = options;
    this.#done = done;
  }

  /** Queues the diagnosis of `kept` (its view `entry` `pending`), or marks it `skipped` when its body is too large or the queue full. */
  add(job: DiagnosisJob, kept: KeptRequest, entry: LoggedRequest): void {
    if (job.body.length > DIAGNOSIS_MAX_BODY_BYTES || this.#bytes + job.body.length > QUEUE_MAX_BYTES) {
      entry.diagnosis = 'skipped';
      return;
    }
    entry.diagnosis = 'pending';
    this.#jobs.push({ job, kept, entry });
    this.#bytes += job.body.length;
    if (this.#working) return;
    this.#working = true;
    nextTurn(() => this.#work());
  }

  /** Resolves when the queue is empty. */
  idle(): Promise<void> {
    return this.#working ? new Promise((resolve) => this.#waiters.push(resolve)) : Promise.resolve();
  }

  #work(): void {
    const next = this.#jobs.shift();
    if (next === undefined) {
      this.#working = false;
      const waiters = this.#waiters;
      this.#waiters = [];
      for (const wake of waiters) wake();
      return;
    }
    this.#bytes -= next.job.body.length;
    void diagnose(this.#options, next.job).then((found) => {
      const { entry } = next;
      if (found.verdict !== undefined) entry.verdict = found.verdict;
      if (found.causes.length > 0) entry.causes = found.causes;
      if (found.expectedBaseString !== undefined) entry.expectedBaseString = found.expectedBaseString;
      entry.diagnosis = 'done';
      this.#done(entry, next.kept);
      nextTurn(() => this.#work());
    });
  }
}
