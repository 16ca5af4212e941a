import { isLoopbackHost } from '@paysign/protocol';
/**
 * Who may use the unsigned admin API under `/emulator/`.
 *
 * @example
 * ```ts
 * import { createEmulator, type AdminAccess } from '@paysign/emulator';
 *
 * // A shared test deployment: nobody may move its clock or read its profiles.
 * const adminApi: AdminAccess = 'off';
 * const emulator = createEmulator({ merchants, adminApi });
 * ```
 */
export type AdminAccess = 'loopback' | 'any' | 'off';

/**
 * The caller's address as the host runtime hands it to the fetch handler: `@hono/node-server`'s
 * `{ incoming }`, Deno's `{ remoteAddr }`, or `{ remoteAddress }` given by the caller. `null`
 * when the handler was called in-process with no second argument (no network involved);
 * `undefined` when the runtime passed something without an address.
 */
export function remoteAddressOf(env: unknown): string | null | undefined {
  if (env === undefined || env === null) return null;
  const value = env as { incoming?: { socket?: { remoteAddress?: unknown } }; remoteAddr?: { hostname?: unknown }; remoteAddress?: unknown };
  const address = value.incoming?.socket?.remoteAddress ?? value.remoteAddr?.hostname ?? value.remoteAddress;
  return typeof address === 'string' ? address : undefined;
}

/** Whether the admin API answers this caller: `any`, or `loopback` with a loopback (or in-process) caller. */
export function adminAllowed(access: AdminAccess, env: unknown): boolean {
  if (access === 'any') return true;
  if (access === 'off') return false;
  const address = remoteAddressOf(env);
  return address === null || (address !== undefined && isLoopbackHost(address));
}
