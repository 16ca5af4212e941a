import type { NonceStore } from '@paysign/oauth-core';
import type { ChangeSink } from './change-log.js';

/**
 * A {@link NonceStore} that reports each nonce it accepts to `changes` (with its expiry), so that
 * `--state` writes it and a replay stays refused after a restart; `restore` puts saved nonces
 * back without reporting them again.
 *
 * @example
 * ```ts
 * const nonces = recordingNonceStore(createMemoryNonceStore({ now }), changes);
 * const verifier = createVerifier({ lookup, now, nonceStore: nonces.store });
 * await nonces.restore(saved.nonces, now());
 * ```
 */
export function recordingNonceStore(
  inner: NonceStore,
  changes: ChangeSink,
): {
  store: NonceStore;
  restore(saved: readonly { key: string; expiresAt: number; scope: string | null }[], now: number): Promise<void>;
} {
  return {
    store: {
      async remember(key, expiresAt, scope) {
        const answer = await inner.remember(key, expiresAt, scope);
        if (answer === true) changes.nonce(key, expiresAt, scope ?? null);
        return answer;
      },
    },
    async restore(saved, now) {
      for (const { key, expiresAt, scope } of saved) if (expiresAt > now) await inner.remember(key, expiresAt, scope ?? undefined);
    },
  };
}
