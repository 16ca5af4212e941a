// A nonce whose keep-until has already passed by the store's clock: the proxy's clock is that far
// behind the store's, so the request's timestamp is out of the window by the store's reckoning.
// It is refused as stale (as a timestamp out of the window is), never remembered as new: a key the
// store does not keep could be presented again and again.

/** Thrown by the Durable Object and Deno KV nonce stores for a nonce already past its keep-until. */
export class StaleNonceError extends Error {
  override readonly name = 'StaleNonceError';
}

/** Whether a thrown value is a {@link StaleNonceError}, by its name (bundles may hold two copies). */
export function isStaleNonce(error: unknown): boolean {
  return error instanceof Error && error.name === 'StaleNonceError';
}
