/**
 * Stable codes of {@link StoreError}. A code never changes meaning between versions; match on it,
 * not on the message.
 *
 * @example
 * ```ts
 * import type { StoreErrorCode } from '@paysign/stores';
 *
 * const retryable: StoreErrorCode = 'STORE_UNAVAILABLE'; // answer 503, the caller retries
 * ```
 */
export type StoreErrorCode =
  | 'STORE_UNAVAILABLE' // the engine did not answer (refused, closed, timed out): nothing was decided, never "new"
  | 'INVALID_OPTIONS' // the store's options cannot work; the message names the option and the rule
  | 'INVALID_KEY'; // a key no engine can hold as it is (a NUL, a lone surrogate): refused before the engine is asked

/**
 * Thrown (or rejected with) by every store of this package. `STORE_UNAVAILABLE` means the engine
 * could not be asked, so the request must be refused (fail closed) and retried later; the engine's
 * own error is the `cause` and never part of the message (it may hold a connection string).
 *
 * @example
 * ```ts
 * import { isStoreError } from '@paysign/stores';
 *
 * async function check(key: string, expiresAt: number): Promise<Response | undefined> {
 *   try {
 *     await nonceStore.remember(key, expiresAt, 'merchant');
 *   } catch (error) {
 *     if (isStoreError(error) && error.code === 'STORE_UNAVAILABLE') return new Response('retry later', { status: 503 });
 *     throw error;
 *   }
 * }
 * ```
 */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Whether a thrown value is a {@link StoreError}, by its shape (`name`, `code`) rather than
 * `instanceof`, which fails across realms and between copies of this package.
 *
 * @example
 * ```ts
 * import { isStoreError } from '@paysign/stores';
 *
 * const unavailable = (error: unknown) => isStoreError(error) && error.code === 'STORE_UNAVAILABLE';
 * ```
 */
export function isStoreError(value: unknown): value is StoreError {
  return value instanceof Error && value.name === 'StoreError' && typeof (value as StoreError).code === 'string';
}
