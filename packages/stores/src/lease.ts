/**
 * How long a callback claim holds by default: a handler neither completed nor released within it is
 * taken to have died, and the gateway's next retry of that callback is handled again, once.
 *
 * @example
 * ```ts
 * import { DEFAULT_LEASE_MS } from '@paysign/stores';
 *
 * const seen = createRedisCallbackStore({ client, leaseMs: 2 * DEFAULT_LEASE_MS }); // slow onCallback
 * ```
 */
export const DEFAULT_LEASE_MS: number = 60_000;

/**
 * How long a handled callback is remembered by default: 15 days, past the gateway's 14 days of retries.
 *
 * @example
 * ```ts
 * import { DEFAULT_DONE_TTL_MS } from '@paysign/stores';
 *
 * DEFAULT_DONE_TTL_MS / 86_400_000; // 15 (days)
 * ```
 */
export const DEFAULT_DONE_TTL_MS: number = 15 * 24 * 60 * 60 * 1000;
