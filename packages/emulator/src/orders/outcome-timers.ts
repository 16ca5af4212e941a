import type { Order } from './order.js';
import type { FinalOutcome } from './test-cards.js';

/** The timers that give `processing` orders their outcome when their time comes. */
export interface OutcomeTimers {
  /** Gives `order` its outcome at its `decideAt` (at once if that has passed). */
  later(order: Order, outcome: FinalOutcome): void;
  /** Cancels the timer of `order`, if it has one. */
  cancel(order: Order): void;
  /** Resolves once no order waits for its outcome. */
  decided(): Promise<void>;
  /** Wakes {@link OutcomeTimers.decided} callers if nothing waits any more. */
  settle(): void;
}

/**
 * Timers calling `finish` for each order when its outcome is due; a waiting outcome never keeps a
 * process alive on its own (the server does).
 *
 * @example
 * ```ts
 * const timers = createOutcomeTimers((order, outcome) => finish(order, outcome));
 * timers.later(order, 'approved');
 * ```
 */
export function createOutcomeTimers(finish: (order: Order, outcome: FinalOutcome) => Promise<void>): OutcomeTimers {
  let waiting = 0;
  let waiters: (() => void)[] = [];
  const settle = (): void => {
    if (waiting > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  return {
    later(order, outcome) {
      waiting++;
      order.timer = setTimeout(
        () => {
          void finish(order, outcome).finally(settle);
        },
        Math.max(0, (order.decideAt ?? 0) - Date.now()),
      );
      if (typeof order.timer === 'object' && 'unref' in order.timer) order.timer.unref();
    },
    cancel(order) {
      if (order.timer === undefined) return;
      clearTimeout(order.timer);
      order.timer = undefined;
      waiting--;
    },
    decided: () => (waiting === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    settle,
  };
}
