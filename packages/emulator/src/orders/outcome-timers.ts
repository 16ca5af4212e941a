/** The timers that give `processing` orders their outcome when their time comes. */
export interface OutcomeTimers {
  /** Decides the order `orderid` at `at` (ms since the epoch; at once if that has passed). */
  later(orderid: string, at: number): void;
  /** Cancels the timer of `orderid`, if it has one. */
  cancel(orderid: string): void;
  /** Resolves once no order waits for its outcome. */
  decided(): Promise<void>;
  /** Cancels every timer. */
  stop(): void;
}

/**
 * Timers calling `decide` for each order when its outcome is due; a waiting outcome never keeps a
 * process alive on its own (the server does).
 *
 * @example
 * ```ts
 * const timers = createOutcomeTimers((orderid) => decideOrder(orderid));
 * timers.later('12', Date.now() + 1000);
 * ```
 */
export function createOutcomeTimers(decide: (orderid: string) => Promise<unknown>): OutcomeTimers {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let waiters: (() => void)[] = [];
  const settle = (): void => {
    if (timers.size > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  const cancel = (orderid: string): void => {
    const timer = timers.get(orderid);
    if (timer === undefined) return;
    clearTimeout(timer);
    timers.delete(orderid);
  };
  return {
    later(orderid, at) {
      cancel(orderid);
      const timer = setTimeout(
        () => {
          void decide(orderid).finally(() => {
            if (timers.get(orderid) === timer) timers.delete(orderid);
            settle();
          });
        },
        Math.max(0, at - Date.now()),
      );
      if (typeof timer === 'object' && 'unref' in timer) timer.unref();
      timers.set(orderid, timer);
    },
    cancel(orderid) {
      cancel(orderid);
      settle();
    },
    decided: () => (timers.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    stop() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      settle();
    },
  };
}
