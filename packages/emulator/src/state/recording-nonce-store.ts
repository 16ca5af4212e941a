import type { NonceStore } from '@paysign/oauth-core';

/**
 * A {@link NonceStore} that keeps a list of the nonces it accepted and that have not expired, so
 * that they can be saved and remembered again after a restart: a replay stays refused.
 *
 * @example
 * ```ts
 * const nonces = recordingNonceStore(createMemoryNonceStore({ now }), now);
 * const verifier = createVerifier({ lookup, now, nonceStore: nonces.store });
 * nonces.live(); // [{ key, expiresAt, scope }, ...]
 * ```
 */
export function recordingNonceStore(
  inner: NonceStore,
  now: () => number,
): {
  store: NonceStore;
  live(): { key: string; expiresAt: number; scope: string | null }[];
  restore(saved: readonly { key: string; expiresAt: number; scope: string | null }[]): Promise<void>;
} {
  const accepted = new Map<string, { expiresAt: number; scope: string | null }>();
  const remember = async (key: string, expiresAt: number, scope: string | undefined) => {
    const answer = await inner.remember(key, expiresAt, scope);
    if (answer === true) accepted.set(key, { expiresAt, scope: scope ?? null });
    return answer;
  };
  return {
    store: { remember },
    live() {
      const time = now();
      const list: { key: string; expiresAt: number; scope: string | null }[] = [];
      for (const [key, entry] of accepted) {
        if (entry.expiresAt <= time) accepted.delete(key);
        else list.push({ key, ...entry });
      }
      return list;
    },
    async restore(saved) {
      const time = now();
      for (const { key, expiresAt, scope } of saved) if (expiresAt > time) await remember(key, expiresAt, scope ?? undefined);
    },
  };
}
