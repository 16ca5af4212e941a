import { StoreError } from './errors.js';

/** Milliseconds a store waits for its engine before it gives up, unless told otherwise. */
export const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * Runs one engine call, bounded by `timeoutMs`: whatever goes wrong (a refused connection, a
 * closed socket, a client that queues commands while it reconnects) becomes `STORE_UNAVAILABLE`,
 * never an answer. A call that timed out may still land in the engine; that only ever makes a key
 * "seen" or "pending", the safe side.
 */
export async function engineCall<T>(engine: string, timeoutMs: number, call: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreError('STORE_UNAVAILABLE', `${engine} did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError('STORE_UNAVAILABLE', `${engine} could not answer: ${describe(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

// Only the error's kind, never its message: a driver's message may quote a connection string.
function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
  return error instanceof Error ? error.name : 'unknown error';
}

/** Checks a whole-number option, naming it when it is wrong. */
export function positiveMs(name: string, value: number | undefined, fallback: number): number {
  const ms = value ?? fallback;
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new StoreError('INVALID_OPTIONS', `${name} must be a positive whole number of milliseconds`);
  return ms;
}

/** A claim token, unique per claim, so a release cannot drop another claimant's lease. */
export function claimToken(): string {
  return crypto.randomUUID();
}
