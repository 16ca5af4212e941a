/** Resolves after `ms`, or rejects with the signal's reason once it fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A limit of `perSecond` starts per second: each `take()` resolves at the next free slot, slots
 * 1000/perSecond ms apart (no burst). Without a rate, `take()` resolves at once.
 */
export function createRateLimiter(perSecond: number | undefined): { take(signal?: AbortSignal): Promise<void> } {
  if (perSecond === undefined) return { take: async () => {} };
  const gap = 1000 / perSecond;
  let next = 0;
  return {
    async take(signal) {
      const now = Date.now();
      const slot = Math.max(now, next);
      next = slot + gap;
      if (slot > now) await sleep(slot - now, signal);
    },
  };
}
