// The instances of the round-8 attacks: handlers over a real store whose onCallback records its run
// (when it started and ended, when its signal aborted, whether it committed) and stalls for a
// while, stopping at once on its signal, as an app that honours its lease does.
import { type CallbackHandling, type CallbackSeenStore, createCallbackHandler } from '@paysign/gateway';

export const CONTROL_KEY = 'control-key-for-the-round-8-attacks';

export interface Run {
  instance: string;
  start: number;
  end?: number;
  abortedAt?: number;
  committed: boolean;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function stall(ms: number, { signal }: CallbackHandling): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** A handler (one instance) over `seen`; each run of onCallback stalls `stallMs` and is pushed on `runs`. */
export function instance(name: string, seen: CallbackSeenStore, runs: Run[], stallMs: number) {
  return createCallbackHandler({
    controlKey: CONTROL_KEY,
    seen,
    findOrder: () => ({}),
    onCallback: async (_callback, _order, handling) => {
      const run: Run = { instance: name, start: performance.now(), committed: false };
      runs.push(run);
      handling.signal.addEventListener('abort', () => (run.abortedAt = performance.now()), { once: true });
      try {
        await stall(stallMs, handling);
        run.committed = true;
      } finally {
        run.end = performance.now();
      }
    },
  });
}

/** Whether two runs were under way at one moment. */
export function overlapping(runs: readonly Run[]): boolean {
  const sorted = [...runs].sort((a, b) => a.start - b.start);
  return sorted.some((run, i) => i > 0 && run.start < (sorted[i - 1]!.end ?? Number.POSITIVE_INFINITY));
}

/** The pid of a redis-server, by its own INFO. */
export async function redisPid(info: () => Promise<string>): Promise<number> {
  return Number(/process_id:(\d+)/.exec(await info())?.[1]);
}
