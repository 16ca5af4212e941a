import type { ChargeEngine, EngineCall, RecurringEngine } from '../recurring/recurring-engine.js';
import type { ChangeLog } from './change-log.js';

/**
 * The core's recurring payments in time: each call of the engine, and each payment it changed
 * recorded in the core's change log (`changes`; none in memory, where nothing is recorded).
 *
 * @example
 * ```ts
 * const recurring = recurringOperations(engine, changes);
 * await recurring.stop('rp-1'); // rp-1 recorded as changed
 * ```
 */
export function recurringOperations(engine: ChargeEngine, changes: ChangeLog | undefined): RecurringEngine {
  const answer = async <T>(call: Promise<EngineCall<T>>): Promise<T> => {
    const done = await call;
    if (changes !== undefined) for (const id of done.changed) changes.payment(id);
    if (!done.ok) throw done.error;
    return done.value;
  };
  return {
    runThrough: (day) => answer(engine.runThrough(day)),
    life: (id) => answer(engine.life(id)),
    stop: (id) => answer(engine.stop(id)),
    resendCallback: (id, orderid) => answer(engine.resendCallback(id, orderid)),
    setOutcome: (orderid, outcome) => answer(engine.setOutcome(orderid, outcome)),
    callbacksSettled: () => engine.callbacksSettled(),
    order: (orderid) => engine.order(orderid),
  };
}
