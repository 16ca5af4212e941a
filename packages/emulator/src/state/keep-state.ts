// --state: the core's change log written to the backend after each request that changed
// something, and within a second of a callback attempt; only what changed, never the whole state.
// Runtime-neutral: the database behind `write` is @paysign/emulator/node's.
import type { ChangeLog, TakenChanges } from '../core/change-log.js';
import type { EmulatorStateBackend, StateChanges } from './emulator-snapshot.js';
import { createPersister } from './persister.js';

/** What the state keeping reads from the core: its snapshot of what changed (the change log taken), and where a failed write gives it back. */
export interface KeptCore {
  snapshot(): Promise<{ taken: TakenChanges; state: StateChanges & { meta: NonNullable<StateChanges['meta']> } }>;
  changes: Pick<ChangeLog, 'giveBack'>;
}

/** A running emulator's state keeping: `commit` writes what changed; `stop` ends the timed writes. */
export interface StateKeeping {
  commit(): Promise<void>;
  stop(): void;
}

/**
 * Writes the core's changes to `backend`: `commit` resolves once a write begun after the call has
 * finished (or nothing had changed, and nothing was written). Concurrent commits share one write;
 * each write is one transaction, so a `kill -9` leaves the state before or after it. A failed
 * write gives its changes back for the next. The clock, seed and counter are written when they
 * moved from `saved` (a restored state's; a new state writes them at once).
 *
 * @example
 * ```ts
 * const keeping = keepState(core, backend, backend.initial && { today: backend.initial.clock.today, orderIds: backend.initial.orderIds });
 * await keeping.commit();
 * ```
 */
export function keepState(core: KeptCore, backend: EmulatorStateBackend, saved: { today: number; orderIds: number } | undefined): StateKeeping {
  let written = saved;

  async function collect(): Promise<{ write: StateChanges | undefined; taken: TakenChanges }> {
    const {
      taken,
      state: { meta, ...changes },
    } = await core.snapshot();
    const metaChanged = written === undefined || written.today !== meta.clock.today || written.orderIds !== meta.orderIds;
    const write: StateChanges = { ...(metaChanged && { meta }), ...changes };
    const nothing =
      !metaChanged && changes.payments.length === 0 && changes.nonces.length === 0 && changes.callbacks.length === 0 && changes.orders.length === 0;
    return { write: nothing ? undefined : write, taken };
  }

  const persister = createPersister(async () => {
    const { write, taken } = await collect();
    if (write === undefined) return;
    try {
      await backend.write(write);
      if (write.meta !== undefined) written = { today: write.meta.clock.today, orderIds: write.meta.orderIds };
    } catch (error) {
      core.changes.giveBack(taken);
      throw error;
    }
  });
  // Callback attempts change the state without a request: written within a second.
  const saveTimer = setInterval(() => void persister.persist().catch(() => {}), 1000);
  if (typeof saveTimer === 'object' && saveTimer !== null && 'unref' in saveTimer) saveTimer.unref();
  return { commit: () => persister.persist(), stop: () => clearInterval(saveTimer) };
}
