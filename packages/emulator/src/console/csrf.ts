import { timingSafeEqual } from '@paysign/oauth-core';

/** A fresh random token for one emulator: every console form carries it, every console POST must send it back. */
export function createCsrfToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a form sent back the console's token (compared in constant time). The cross-site check
 * itself (`Origin`, `Sec-Fetch-Site`) is `hono/csrf`'s, in console-routes.ts.
 *
 * @example
 * ```ts
 * sameToken(form.get('csrf'), token); // false for a missing or wrong token
 * ```
 */
export function sameToken(sent: string | null, token: string): boolean {
  return sent !== null && timingSafeEqual(sent, token);
}
