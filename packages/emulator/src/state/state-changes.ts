// --state, per change: the parts of an emulator report what they changed to a change log, and the
// persistence writes only that (one transaction per request that changed something), never the
// whole state. Runtime-neutral: the database behind `write` is @paysign/emulator/node's.
import type { PaymentOwners } from '../merchants/payment-owners.js';
import type { EmulatorStateBackend, PaymentRecord, StateChanges } from './emulator-snapshot.js';
import { createPersister } from './persister.js';
import type { StateParts } from './state-parts.js';
import type { ChangeLog, ChangeSink, TakenChanges } from './change-log.js';

/**
 * Writes what changed: `commit` resolves once a write begun after the call has finished (or
 * nothing had changed, and nothing was written). Concurrent commits share one write. What is read
 * for a write is read between two runs of the recurring engine, so no charge is written without
 * the rest of its run (its callback, the day the run reached); each write is one transaction, so a
 * `kill -9` leaves the state before or after it. A failed write keeps its changes for the next.
 *
 * @example
 * ```ts
 * const persistence = createStatePersistence(parts, changes, backend, { isNew: true });
 * await persistence.commit();
 * ```
 */
export function createStatePersistence(
  parts: StateParts,
  changes: ChangeLog,
  backend: EmulatorStateBackend,
  { isNew }: { isNew: boolean },
): { commit(): Promise<void> } {
  let written: { today: number; orderIds: number } | undefined = isNew ? undefined : { today: parts.clock.today(), orderIds: parts.orderIds() };

  async function collect(): Promise<{ write: StateChanges | undefined; taken: TakenChanges }> {
    const taken = changes.take();
    const profiles = [];
    for (const id of taken.payments) {
      const profile = await parts.profiles.get(id);
      if (profile !== undefined) profiles.push(profile);
    }
    // From here on without an await: one consistent moment.
    const engine = new Map(parts.recurring.snapshot(taken.payments).payments.map((payment) => [payment.id, payment]));
    const payments: PaymentRecord[] = profiles.map(({ id, revision, fields }) => {
      const owner = parts.owners.get(id);
      return {
        id,
        revision,
        fields: { ...fields },
        owner: owner === undefined ? null : { login: owner.login, endpointId: owner.endpointId },
        engine: engine.get(id) ?? null,
      };
    });
    const today = parts.clock.today();
    const orderIds = parts.orderIds();
    const metaChanged = written === undefined || written.today !== today || written.orderIds !== orderIds;
    const write: StateChanges = {
      ...(metaChanged && { meta: { clock: { mode: parts.clock.mode, today }, seed: parts.seed, orderIds } }),
      payments,
      nonces: [...taken.nonces].map(([key, { expiresAt, scope }]) => ({ key, expiresAt, scope })),
      callbacks: [...taken.callbacks.values()],
      orders: parts.orders.snapshot(taken.orders),
    };
    const nothing = !metaChanged && payments.length === 0 && write.nonces.length === 0 && write.callbacks.length === 0 && write.orders.length === 0;
    return { write: nothing ? undefined : write, taken };
  }

  const persister = createPersister(async () => {
    const { write, taken } = await parts.recurring.exclusive(collect);
    if (write === undefined) return;
    try {
      await backend.write(write);
      if (write.meta !== undefined) written = { today: write.meta.clock.today, orderIds: write.meta.orderIds };
    } catch (error) {
      changes.giveBack(taken);
      throw error;
    }
  });
  return { commit: () => persister.persist() };
}

/**
 * Payment owners that report each owner given to `changes` (an owner is never replaced, so only
 * the first claim of an id changes anything).
 *
 * @example
 * ```ts
 * const owners = reportingOwners(createPaymentOwners(), changes);
 * ```
 */
export function reportingOwners(owners: PaymentOwners, changes: ChangeSink): PaymentOwners {
  return {
    get: (id) => owners.get(id),
    allows: (id, who) => owners.allows(id, who),
    claim(id, who) {
      if (owners.get(id) !== undefined) return;
      owners.claim(id, who);
      changes.payment(id);
    },
  };
}
