// --state: the saved state put back before the first request, then what changed written after
// each request that changed something, and within a second of a callback attempt.
import type { ChangeLog } from './change-log.js';
import type { EmulatorSnapshot, EmulatorStateBackend } from './emulator-snapshot.js';
import { createStatePersistence } from './state-changes.js';
import { restoreState, type StateParts } from './state-parts.js';

/** A running emulator's state keeping: `ready` once the saved state is back; `persister` only with a backend. */
export interface StateKeeping {
  ready: Promise<void>;
  persister: { commit(): Promise<void> } | undefined;
  stop(): void;
}

/**
 * Keeps the parts' state in `backend` (none: nothing is kept). A new state: every payment is a
 * change; a saved one (`saved`) is put back first.
 *
 * @example
 * ```ts
 * const { ready, persister } = keepState(parts, changes, options.state, options.state?.initial);
 * await ready;
 * await persister?.commit();
 * ```
 */
export function keepState(parts: StateParts, changes: ChangeLog, backend: EmulatorStateBackend | undefined, saved: EmulatorSnapshot | undefined): StateKeeping {
  if (backend === undefined) return { ready: Promise.resolve(), persister: undefined, stop() {} };
  const ready =
    saved === undefined
      ? parts.profiles.list().then((list) => {
          for (const profile of list) changes.payment(profile.id);
        })
      : restoreState(parts, saved, changes).then(() => backend.releaseInitial?.());
  const persister = createStatePersistence(parts, changes, backend, { isNew: saved === undefined });
  // Callback attempts change the state without a request: written within a second.
  const saveTimer = setInterval(() => void persister.commit().catch(() => {}), 1000);
  if (typeof saveTimer === 'object' && saveTimer !== null && 'unref' in saveTimer) saveTimer.unref();
  return { ready, persister, stop: () => clearInterval(saveTimer) };
}
