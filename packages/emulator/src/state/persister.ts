/**
 * Serialises saves of a state and merges the ones asked for while another is waiting: a caller
 * gets a save that starts after its call, so it covers what the caller changed, and many
 * concurrent requests share one write instead of queueing one each.
 *
 * @example
 * ```ts
 * const persister = createPersister(async () => backend.save(await snapshot()));
 * await persister.persist(); // resolves once a save begun after this call has finished
 * ```
 */
export function createPersister(save: () => Promise<void>): { persist(): Promise<void> } {
  let chain: Promise<void> = Promise.resolve();
  let waiting: Promise<void> | undefined;
  return {
    persist() {
      if (waiting !== undefined) return waiting;
      const next = chain.then(() => {
        // From here on a new caller's change may be missed by this save: it gets the next one.
        waiting = undefined;
        return save();
      });
      waiting = next;
      chain = next.catch(() => {});
      return next;
    },
  };
}
